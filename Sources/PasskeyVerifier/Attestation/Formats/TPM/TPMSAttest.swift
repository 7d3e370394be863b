/// `TPMS_ATTEST` of type `TPM_ST_ATTEST_CERTIFY`: what the TPM signed, the `certInfo` member of a `tpm`
/// attestation statement (WebAuthn Level 3 §8.3; TPM 2.0 Library Part 2 §10.12.12 and §10.12.3).
///
/// Parsed strictly: big-endian, every length checked, no trailing bytes. `magic` must be
/// `TPM_GENERATED_VALUE` and `type` `TPM_ST_ATTEST_CERTIFY`, because only that type's `attested` member
/// (`TPMS_CERTIFY_INFO`) can be read; `qualifiedSigner`, `clockInfo` and `firmwareVersion` are kept but,
/// as §8.3.2 says, not interpreted (TPMs may obfuscate them).
package struct TPMSAttest: Sendable, Hashable {
    /// `TPM_GENERATED_VALUE`: `0xFF544347` ("\xFFTCG").
    package static let generatedValue: UInt32 = 0xFF54_4347
    /// `TPM_ST_ATTEST_CERTIFY`.
    package static let attestCertify: UInt16 = 0x8017

    /// `qualifiedSigner`: the Name of the key that signed.
    package let qualifiedSigner: [UInt8]
    /// `extraData`: the hash of `authenticatorData || clientDataHash` in WebAuthn.
    package let extraData: [UInt8]
    /// `clockInfo.clock`.
    package let clock: UInt64
    /// `clockInfo.resetCount`.
    package let resetCount: UInt32
    /// `clockInfo.restartCount`.
    package let restartCount: UInt32
    /// `clockInfo.safe`.
    package let safe: UInt8
    /// `firmwareVersion`.
    package let firmwareVersion: UInt64
    /// `attested.name`: the Name of the certified key.
    package let attestedName: [UInt8]
    /// `attested.qualifiedName`.
    package let attestedQualifiedName: [UInt8]

    /// Parses a marshalled `TPMS_ATTEST`; throws `invalidAttestationStatement` for anything else.
    package init(bytes: [UInt8]) throws(WebAuthnError) {
        var reader = TPMReader(bytes, structure: "certInfo")
        let magic = try reader.uint32("magic")
        guard magic == Self.generatedValue else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm certInfo magic is 0x\(String(magic, radix: 16, uppercase: true)), "
                    + "not TPM_GENERATED_VALUE 0xFF544347"
            )
        }
        let type = try reader.uint16("type")
        guard type == Self.attestCertify else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm certInfo type is \(TPMAlgorithmID.hex(type)), not TPM_ST_ATTEST_CERTIFY 0x8017"
            )
        }
        qualifiedSigner = try reader.sizedBuffer("qualifiedSigner")
        extraData = try reader.sizedBuffer("extraData")
        clock = try reader.uint64("clockInfo.clock")
        resetCount = try reader.uint32("clockInfo.resetCount")
        restartCount = try reader.uint32("clockInfo.restartCount")
        safe = try reader.uint8("clockInfo.safe")
        firmwareVersion = try reader.uint64("firmwareVersion")
        attestedName = try reader.sizedBuffer("attested.name")
        attestedQualifiedName = try reader.sizedBuffer("attested.qualifiedName")
        try reader.requireEnd()
    }
}
