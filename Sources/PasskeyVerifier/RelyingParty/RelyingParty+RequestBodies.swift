/// Request bodies of any byte collection (WebAuthn Level 3 §5.1 JSON, or a native payload): `Data`, an
/// `ArraySlice<UInt8>`, a NIO `ByteBuffer`'s `readableBytesView`. Each is read once into the `[UInt8]` the
/// decoders work on; an `[UInt8]` goes to the `[UInt8]` overloads and is not copied.
extension RelyingParty {
    /// ``finishRegistration(json:)-([UInt8])`` for a body of any byte collection (§7.1).
    public func finishRegistration(json body: some Collection<UInt8>) async throws -> CompletedRegistration {
        try await finishRegistration(json: Array(body))
    }

    /// ``finishAuthentication(json:)-([UInt8])`` for a body of any byte collection (§7.2).
    public func finishAuthentication(json body: some Collection<UInt8>) async throws -> CompletedAuthentication {
        try await finishAuthentication(json: Array(body))
    }
}
