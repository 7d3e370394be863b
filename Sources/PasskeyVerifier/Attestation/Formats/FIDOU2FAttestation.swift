import PasskeyCrypto

/// The `fido-u2f` attestation statement format (WebAuthn Level 3 §8.6).
///
/// A FIDO U2F authenticator signs its registration with a batch attestation key: the signature covers
/// `0x00 || rpIdHash || clientDataHash || credentialId || publicKeyU2F` (FIDO U2F Raw Message Formats §4.3)
/// and is verified with the key of the single attestation certificate, which must chain to one of this
/// format's trust anchors. No root is built in: hosts add the vendor roots they trust (for YubiKeys, the
/// Yubico U2F Root CA). The packed certificate requirements (§8.2.1) do not apply; early U2F certificates
/// have a common name only.
///
/// The signature does not cover the AAGUID of the attested credential data, so for this format the AAGUID is
/// unauthenticated: a relying party must not look up metadata or make trust decisions by it. It is not
/// required to be zero: platforms report sixteen zero bytes for U2F authenticators (CTAP 2.1 "Interoperating
/// with CTAP1/U2F authenticators"), but §8.6.2 does not check it and the WebAuthn Level 3 test vector
/// `fido-u2f-es256` carries a non-zero AAGUID.
///
/// Six early Yubico attestation certificates encode their signature BIT STRING with a non-zero unused-bits
/// count, which libcrypto rejects. Exactly those certificates, recognised by the SHA-256 of their DER, are
/// repaired before use (see `repairedCertificate(_:)`); the repaired encoding is the one in the trust path.
public struct FIDOU2FAttestation: AttestationStatementFormat {
    /// `"fido-u2f"`.
    public let identifier = "fido-u2f"
    private let trustPath: TrustPathValidator

    /// Creates the format with the roots its attestation certificates must chain to.
    public init(trustAnchors: [Certificate]) {
        self.trustPath = TrustPathValidator(format: "fido-u2f", trustAnchors: trustAnchors)
    }

    /// Verifies a fido-u2f statement (§8.6 "Verification procedure").
    public func verify(_ input: AttestationStatementInput) throws(WebAuthnError) -> AttestationResult {
        let members = try AttestationStatementMembers(input.statement, format: identifier, allowed: ["sig", "x5c"])
        let signature = try members.byteString("sig")
        let certificate = try Self.attestationCertificate(members)
        guard certificate.publicKey.ellipticCurve == .p256 else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the fido-u2f attestation certificate's key must be an EC P-256 key"
            )
        }
        let credential = input.attestedCredentialData
        let credentialKey = credential.credentialPublicKey
        guard credentialKey.keyType == .ec2, credentialKey.curve == .p256,
            let x = credentialKey.xCoordinate, x.count == 32, let y = credentialKey.yCoordinate, y.count == 32
        else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "fido-u2f needs an EC2 P-256 credential key with 32-byte x and y; the credential key uses "
                    + "\(credentialKey.algorithm)"
            )
        }
        let verificationData: [UInt8] =
            [0x00] + input.authenticatorData.relyingPartyIDHash + input.clientDataHash + credential.credentialID
            + [0x04] + x + y
        try AttestationSignature.verify(
            signature, over: verificationData, with: certificate, algorithm: .es256, format: identifier)
        try trustPath.validate([certificate], for: input)
        return AttestationResult(type: .basic, trustPath: [certificate])
    }

    /// The one certificate of `x5c` (§8.6.2 step 2), repaired if it is a known misencoded Yubico certificate.
    private static func attestationCertificate(
        _ members: AttestationStatementMembers
    ) throws(WebAuthnError) -> Certificate {
        guard let value = members.statement[textKey: "x5c"] else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the fido-u2f attestation statement has no \"x5c\" member"
            )
        }
        guard let elements = value.arrayValue else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "fido-u2f attestation statement member x5c is not an array"
            )
        }
        guard elements.count == 1, let element = elements.first else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "fido-u2f attestation statement member x5c must hold exactly one certificate; "
                    + "it holds \(elements.count)"
            )
        }
        guard let der = element.byteStringValue else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "fido-u2f attestation statement member x5c[0] is not a byte string"
            )
        }
        do {
            return try Certificate.parsed(derEncoded: repairedCertificate(der))
        } catch {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "fido-u2f attestation statement member x5c[0] is not a DER certificate: \(error)"
            )
        }
    }

    /// `der` with the unused-bits octet of its signature BIT STRING set to zero when `der` is one of the six
    /// early Yubico U2F attestation certificates known to misencode it (recognised by the SHA-256 of the whole
    /// DER, and only when the octet sits after a `03 82 01 01` BIT STRING header 257 bytes from the end);
    /// any other input is returned unchanged.
    ///
    /// The list is the one Yubico's own U2F server libraries (python-u2flib-server, php-u2flib-server) apply,
    /// as do several WebAuthn libraries (java-webauthn-server names the same six certificates by subject). The
    /// signature bits are not touched, so the issuer's signature over the unchanged TBSCertificate still has
    /// to verify.
    package static func repairedCertificate(_ der: [UInt8]) -> [UInt8] {
        let unusedBitsIndex = der.count - 257
        guard unusedBitsIndex >= 4,
            der[unusedBitsIndex - 4..<unusedBitsIndex].elementsEqual([0x03, 0x82, 0x01, 0x01]),
            der[unusedBitsIndex] != 0,
            misencodedYubicoCertificates.contains(HashAlgorithm.sha256.hash(der))
        else { return der }
        var repaired = der
        repaired[unusedBitsIndex] = 0
        return repaired
    }

    /// SHA-256 of the DER of the six early Yubico U2F attestation certificates whose signature BIT STRING
    /// declares unused bits (among them "Yubico U2F EE Serial 13831167861", `dd574527…`).
    static let misencodedYubicoCertificates: Set<[UInt8]> = [
        [
            0x34, 0x9B, 0xCA, 0x10, 0x31, 0xF8, 0xC8, 0x2C, 0x4C, 0xEC, 0xA3, 0x8B, 0x9C, 0xEB, 0xF1, 0xA6,
            0x9D, 0xF9, 0xFB, 0x3B, 0x94, 0xEE, 0xD9, 0x9E, 0xB3, 0xFB, 0x9A, 0xA3, 0x82, 0x2D, 0x26, 0xE8,
        ],
        [
            0xDD, 0x57, 0x45, 0x27, 0xDF, 0x60, 0x8E, 0x47, 0xAE, 0x45, 0xFB, 0xBA, 0x75, 0xA2, 0xAF, 0xDD,
            0x5C, 0x20, 0xFD, 0x94, 0xA0, 0x24, 0x19, 0x38, 0x18, 0x13, 0xCD, 0x55, 0xA2, 0xA3, 0x39, 0x8F,
        ],
        [
            0x1D, 0x87, 0x64, 0xF0, 0xF7, 0xCD, 0x13, 0x52, 0xDF, 0x61, 0x50, 0x04, 0x5C, 0x8F, 0x63, 0x8E,
            0x51, 0x72, 0x70, 0xE8, 0xB5, 0xDD, 0xA1, 0xC6, 0x3A, 0xDE, 0x9C, 0x22, 0x80, 0x24, 0x0C, 0xAE,
        ],
        [
            0xD0, 0xED, 0xC9, 0xA9, 0x1A, 0x16, 0x77, 0x43, 0x5A, 0x95, 0x33, 0x90, 0x86, 0x5D, 0x20, 0x8C,
            0x55, 0xB3, 0x18, 0x3C, 0x67, 0x59, 0xC9, 0xB5, 0xA7, 0xFF, 0x49, 0x4C, 0x32, 0x25, 0x58, 0xEB,
        ],
        [
            0x60, 0x73, 0xC4, 0x36, 0xDC, 0xD0, 0x64, 0xA4, 0x81, 0x27, 0xDD, 0xBF, 0x60, 0x32, 0xAC, 0x1A,
            0x66, 0xFD, 0x59, 0xA0, 0xC2, 0x44, 0x34, 0xF0, 0x70, 0xD4, 0xE5, 0x64, 0xC1, 0x24, 0xC8, 0x97,
        ],
        [
            0xCA, 0x99, 0x31, 0x21, 0x84, 0x6C, 0x46, 0x4D, 0x66, 0x60, 0x96, 0xD3, 0x5F, 0x13, 0xBF, 0x44,
            0xC1, 0xB0, 0x5A, 0xF2, 0x05, 0xF9, 0xB4, 0xA1, 0xE0, 0x0C, 0xF6, 0xCC, 0x10, 0xC5, 0xE5, 0x11,
        ],
    ]
}
