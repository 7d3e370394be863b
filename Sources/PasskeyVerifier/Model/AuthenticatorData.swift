import PasskeyCBOR
import PasskeyCrypto

/// Authenticator data: what the authenticator signs about the relying party, the user's
/// gestures, its counter, and optionally a new credential and extension outputs
/// (WebAuthn Level 3 §6.1).
///
/// Layout: `rpIdHash` (32 bytes), `flags` (1 byte, §6.1 and ``AuthenticatorFlags``), `signCount`
/// (4 bytes, big-endian, §6.1.1), then attested credential data (§6.5.1) if and only if the AT
/// flag is set, then one CBOR map of extension outputs (§9) if and only if the ED flag is set.
/// Authenticator data describes its own length, so nothing may follow.
///
/// The reserved flag bits (`0x02` and `0x20`) are tolerated, as §6.1 asks of relying parties;
/// they stay visible in `flags.rawValue`.
public struct AuthenticatorData: Sendable, Hashable {
    /// The length of the fixed part: rpIdHash, flags and signCount (§6.1).
    public static let minimumLength = 37

    /// The bytes exactly as received; signatures cover these (§6.1, §6.3.3).
    public let rawBytes: [UInt8]
    /// `rpIdHash`: the SHA-256 of the RP ID the credential is scoped to, 32 bytes (§6.1).
    public let relyingPartyIDHash: [UInt8]
    /// `flags` (§6.1).
    public let flags: AuthenticatorFlags
    /// `signCount` (§6.1, §6.1.1).
    public let signCount: UInt32
    /// The attested credential data, present exactly when the AT flag is set (§6.5.1).
    public let attestedCredentialData: AttestedCredentialData?
    /// The authenticator extension outputs, present exactly when the ED flag is set (§6.1, §9).
    /// Keys are extension identifiers (text strings).
    public let extensions: CBORMap?

    /// Parses authenticator data (§6.1).
    ///
    /// - Parameters:
    ///   - bytes: The authenticator data as received.
    ///   - cborMode: `CBORDecoder.Mode.strict` (the default) requires the embedded CBOR to be
    ///     CTAP2 canonical (§6.5.1, CTAP2 §8).
    /// - Throws:
    ///   - ``WebAuthnError/Code/malformedAuthenticatorData``: fewer than 37 bytes; the AT flag set
    ///     without complete attested credential data; the ED flag set without an extensions map,
    ///     or extensions that are not a map with text keys; bytes left over (including data
    ///     without its AT or ED flag).
    ///   - ``WebAuthnError/Code/credentialIdTooLong``: a `credentialIdLength` over 1023.
    ///   - ``WebAuthnError/Code/malformedCBOR``: invalid CBOR in the key or the extensions.
    ///   - ``WebAuthnError/Code/invalidPublicKey`` or ``WebAuthnError/Code/unsupportedAlgorithm``:
    ///     a COSE key PasskeyCrypto rejects (§6.5.1.1).
    public init(bytes: [UInt8], cborMode: CBORDecoder.Mode = .strict) throws(WebAuthnError) {
        guard bytes.count >= AuthenticatorData.minimumLength else {
            throw WebAuthnError(
                .malformedAuthenticatorData,
                "authenticator data is \(bytes.count) bytes; at least \(AuthenticatorData.minimumLength) are required"
            )
        }
        let flags = AuthenticatorFlags(rawValue: bytes[32])
        var offset = AuthenticatorData.minimumLength

        var attestedCredentialData: AttestedCredentialData?
        if flags.contains(.attestedCredentialData) {
            let parsed = try AttestedCredentialData.parse(bytes, at: offset, cborMode: cborMode)
            attestedCredentialData = parsed.data
            offset = parsed.end
        }

        var extensions: CBORMap?
        if flags.contains(.extensionData) {
            let parsed = try AuthenticatorData.parseExtensions(bytes, at: offset, cborMode: cborMode)
            extensions = parsed.map
            offset = parsed.end
        }

        guard offset == bytes.count else {
            let leftover = bytes.count - offset
            let message: String
            switch (flags.contains(.attestedCredentialData), flags.contains(.extensionData)) {
            case (false, false):
                message = "\(leftover) bytes follow the sign counter but the AT and ED flags are clear"
            case (true, false):
                message = "\(leftover) bytes follow the attested credential data but the ED flag is clear"
            default:
                message = "\(leftover) trailing bytes follow the extensions map"
            }
            throw WebAuthnError(.malformedAuthenticatorData, message)
        }

        self.rawBytes = bytes
        self.relyingPartyIDHash = Array(bytes[0..<32])
        self.flags = flags
        self.signCount = UInt32(bytes[33]) << 24 | UInt32(bytes[34]) << 16 | UInt32(bytes[35]) << 8 | UInt32(bytes[36])
        self.attestedCredentialData = attestedCredentialData
        self.extensions = extensions
    }

    /// Parses the extensions map that starts at `start` (§6.1, §9).
    private static func parseExtensions(
        _ bytes: [UInt8],
        at start: Int,
        cborMode: CBORDecoder.Mode
    ) throws(WebAuthnError) -> (map: CBORMap, end: Int) {
        guard start < bytes.count else {
            throw WebAuthnError(.malformedAuthenticatorData, "the ED flag is set but no extensions map follows")
        }
        let value: CBORValue
        let length: Int
        do {
            (value, length) = try CBORDecoder(mode: cborMode).decodePrefix(bytes[start...])
        } catch {
            throw LowerLayerErrorMapping.map(error, decoding: "the extensions", at: start, of: "authenticator data")
        }
        guard let map = value.mapValue else {
            throw WebAuthnError(.malformedAuthenticatorData, "the extensions at byte \(start) are not a CBOR map")
        }
        for entry in map where entry.key.textStringValue == nil {
            throw WebAuthnError(
                .malformedAuthenticatorData,
                "the extensions map has the key \(LowerLayerErrorMapping.describe(key: entry.key)), "
                    + "which is not an extension identifier (text)"
            )
        }
        let end = start + length
        guard length > 0, end <= bytes.count else {
            throw WebAuthnError(.malformedAuthenticatorData, "the extensions map has an impossible length \(length)")
        }
        return (map, end)
    }
}
