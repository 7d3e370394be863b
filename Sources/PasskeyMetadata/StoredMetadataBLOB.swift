/// The last good metadata BLOB as a host keeps it (FIDO Metadata Service v3.0 §3.1.7 "Metadata BLOB", §3.2 step 4
/// "the serial number `no`"): the compact JWS exactly as downloaded and the `no` of its verified payload.
///
/// What a ``MetadataBLOBStore`` returns is input like any download: ``MetadataService`` verifies the bytes again
/// and takes the `no` from the verified payload, never from ``serialNumber`` alone.
public struct StoredMetadataBLOB: Sendable, Hashable {
    /// The BLOB, a compact JWS, as downloaded.
    public var jws: [UInt8]
    /// The serial number (`no`) of its payload (§3.1.6).
    public var serialNumber: Int

    /// Creates the record.
    public init(jws: [UInt8], serialNumber: Int) {
        self.jws = jws
        self.serialNumber = serialNumber
    }
}
