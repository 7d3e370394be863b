import PasskeyCBOR
import PasskeyCrypto

/// The attested credential data inside authenticator data: the authenticator model, the new
/// credential's ID and its public key (WebAuthn Level 3 §6.5.1).
///
/// Layout: `aaguid` (16 bytes), `credentialIdLength` (2 bytes, big-endian, at most 1023),
/// `credentialId` (that many bytes), `credentialPublicKey` (one COSE_Key, §6.5.1.1, whose length
/// is known only by decoding it).
public struct AttestedCredentialData: Sendable, Hashable {
    /// The largest credential ID length allowed (§6.5.1, §7.1 `#sctn-registering-a-new-credential`
    /// step "credentialId length").
    public static let maximumCredentialIDLength = 1023

    /// The authenticator model (§6.5.1).
    public let aaguid: AAGUID
    /// The credential ID (§6.5.1), at most 1023 bytes.
    public let credentialID: [UInt8]
    /// The credential public key (§6.5.1.1); `credentialPublicKey.encoded` is the exact bytes
    /// found in the authenticator data when parsed in strict mode: store those.
    public let credentialPublicKey: COSEKey

    /// Creates attested credential data from its parts (§6.5.1).
    public init(aaguid: AAGUID, credentialID: [UInt8], credentialPublicKey: COSEKey) {
        self.aaguid = aaguid
        self.credentialID = credentialID
        self.credentialPublicKey = credentialPublicKey
    }

    /// Parses the attested credential data starting at `start` in authenticator data `bytes`
    /// (§6.5.1) and returns it with the offset just past the credential public key.
    package static func parse(
        _ bytes: [UInt8],
        at start: Int,
        cborMode: CBORDecoder.Mode
    ) throws(WebAuthnError) -> (data: AttestedCredentialData, end: Int) {
        let available = bytes.count - start
        guard start >= 0, available >= 18 else {
            throw WebAuthnError(
                .malformedAuthenticatorData,
                "the AT flag is set but only \(max(available, 0)) bytes follow the sign counter; "
                    + "attested credential data needs at least 18 (AAGUID and credentialIdLength)"
            )
        }
        guard let aaguid = AAGUID(bytes: Array(bytes[start..<start + AAGUID.length])) else {
            throw WebAuthnError(.malformedAuthenticatorData, "the AAGUID is not 16 bytes")
        }
        let lengthOffset = start + AAGUID.length
        let credentialIDLength = Int(bytes[lengthOffset]) << 8 | Int(bytes[lengthOffset + 1])
        guard credentialIDLength <= maximumCredentialIDLength else {
            throw WebAuthnError(
                .credentialIdTooLong,
                "credentialIdLength is \(credentialIDLength); at most \(maximumCredentialIDLength) is allowed"
            )
        }
        let credentialIDStart = lengthOffset + 2
        let remaining = bytes.count - credentialIDStart
        guard credentialIDLength <= remaining else {
            throw WebAuthnError(
                .malformedAuthenticatorData,
                "credentialIdLength is \(credentialIDLength) but only \(remaining) bytes follow it"
            )
        }
        let keyStart = credentialIDStart + credentialIDLength
        let credentialID = Array(bytes[credentialIDStart..<keyStart])
        guard keyStart < bytes.count else {
            throw WebAuthnError(
                .malformedAuthenticatorData,
                "the AT flag is set but the credential public key is missing after the credential ID"
            )
        }
        let subject = "the credential public key"
        let keyValue: CBORValue
        let keyLength: Int
        do {
            // A COSE_Key is one flat map (RFC 9052 §7): nothing in it nests.
            (keyValue, keyLength) = try CBORDecoder(mode: cborMode, maximumDepth: 1).decodePrefix(bytes[keyStart...])
        } catch {
            throw LowerLayerErrorMapping.map(error, decoding: subject, at: keyStart, of: "authenticator data")
        }
        let keyEnd = keyStart + keyLength
        guard keyLength > 0, keyEnd <= bytes.count else {
            throw WebAuthnError(.malformedAuthenticatorData, "\(subject) has an impossible length \(keyLength)")
        }
        let credentialPublicKey: COSEKey
        do {
            switch cborMode {
            case .strict:
                credentialPublicKey = try COSEKey(encoded: Array(bytes[keyStart..<keyEnd]))
            case .lenient:
                // Non-canonical key bytes would fail COSEKey's strict decoding; build the key from the
                // decoded value instead, so `encoded` is its canonical re-encoding.
                credentialPublicKey = try COSEKey(cbor: keyValue)
            }
        } catch {
            throw LowerLayerErrorMapping.map(error, decoding: subject, at: keyStart, of: "authenticator data")
        }
        let data = AttestedCredentialData(
            aaguid: aaguid,
            credentialID: credentialID,
            credentialPublicKey: credentialPublicKey
        )
        return (data, keyEnd)
    }
}
