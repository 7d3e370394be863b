import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

/// An App Attest attestation object, decoded but not yet verified (Apple DeviceCheck,
/// "Validating apps that connect to your server", "Verify the attestation").
///
/// It has the shape of a WebAuthn attestation object (WebAuthn Level 3 §6.5.4):
/// `{fmt: "apple-appattest", attStmt: {x5c: [credCert, intermediate...], receipt: bytes},
/// authData: bytes}` in CTAP2 canonical CBOR with no other member. The authenticator data is
/// `rpIdHash`, `flags` (AT set), `counter`, the attested credential data (§6.5.1) and, in
/// attestations Apple issued from 2026 on, one CBOR map of Apple data (such as
/// `apple_bundle_version_01`) that follows the credential key **without** the ED flag. That map
/// is read into ``extensions``; anything else after the key is rejected. WebAuthn's
/// `AuthenticatorData` parser, which requires the ED flag, therefore does not apply.
///
/// Errors: `WebAuthnError/Code/malformedCBOR` and `WebAuthnError/Code/malformedInput` for the
/// object, `WebAuthnError/Code/unsupportedAttestationFormat` for another `fmt`,
/// `WebAuthnError/Code/invalidAttestationStatement` for the statement,
/// `WebAuthnError/Code/malformedAuthenticatorData`,
/// `WebAuthnError/Code/missingAttestedCredentialData` (AT clear),
/// `WebAuthnError/Code/invalidPublicKey` or `WebAuthnError/Code/unsupportedAlgorithm` for the
/// authenticator data.
public struct AppAttestAttestation: Sendable, Hashable {
    /// `"apple-appattest"`.
    public static let format = "apple-appattest"

    /// `x5c`: the credential certificate first, then its intermediates.
    public let certificateChain: [Certificate]
    /// `receipt`: Apple's receipt for the attested key.
    public let receipt: [UInt8]
    /// `authData` exactly as received: the bytes the nonce covers.
    public let authenticatorData: [UInt8]
    /// The first 32 bytes of ``authenticatorData``: SHA-256 of the App ID.
    public let relyingPartyIDHash: [UInt8]
    /// The flags byte.
    public let flags: AuthenticatorFlags
    /// The counter (0 in a valid attestation).
    public let signCount: UInt32
    /// The AAGUID (the environment), key identifier and credential key.
    public let attestedCredentialData: AttestedCredentialData
    /// The CBOR map after the credential key, if any (Apple data such as `apple_bundle_version_01`).
    public let extensions: CBORMap?

    /// Decodes an attestation object as `DCAppAttestService.attestKey` returns it.
    public init(bytes: [UInt8]) throws(WebAuthnError) {
        let value: CBORValue
        do {
            value = try CBORDecoder().decode(bytes)
        } catch {
            throw LowerLayerErrorMapping.map(error, decoding: "the App Attest attestation object")
        }
        guard let map = value.mapValue else {
            throw WebAuthnError(.malformedInput, "the App Attest attestation object is not a CBOR map")
        }
        for entry in map {
            guard let key = entry.key.textStringValue, ["fmt", "attStmt", "authData"].contains(key) else {
                throw WebAuthnError(
                    .malformedInput,
                    "the App Attest attestation object has the unexpected key "
                        + "\(LowerLayerErrorMapping.describe(key: entry.key))"
                )
            }
        }
        guard let format = map[textKey: "fmt"]?.textStringValue else {
            throw WebAuthnError(.malformedInput, "the App Attest attestation object has no fmt text string")
        }
        guard format == Self.format else {
            throw WebAuthnError(
                .unsupportedAttestationFormat,
                "the App Attest attestation object's fmt is \"\(format)\", not \"\(Self.format)\""
            )
        }
        guard let statement = map[textKey: "attStmt"]?.mapValue else {
            throw WebAuthnError(.malformedInput, "the App Attest attestation object has no attStmt map")
        }
        guard let authenticatorData = map[textKey: "authData"]?.byteStringValue else {
            throw WebAuthnError(.malformedInput, "the App Attest attestation object has no authData byte string")
        }
        let members = try AttestationStatementMembers(statement, format: Self.format, allowed: ["x5c", "receipt"])
        certificateChain = try members.certificateChain()
        receipt = try members.byteString("receipt")

        guard authenticatorData.count >= AuthenticatorData.minimumLength else {
            throw WebAuthnError(
                .malformedAuthenticatorData,
                "the App Attest authenticator data is \(authenticatorData.count) bytes; at least "
                    + "\(AuthenticatorData.minimumLength) are required"
            )
        }
        flags = AuthenticatorFlags(rawValue: authenticatorData[32])
        guard flags.contains(.attestedCredentialData) else {
            throw WebAuthnError(
                .missingAttestedCredentialData,
                "the App Attest authenticator data has no attested credential data (AT flag clear)"
            )
        }
        let parsed = try AttestedCredentialData.parse(
            authenticatorData,
            at: AuthenticatorData.minimumLength,
            cborMode: .strict
        )
        extensions = try Self.trailingMap(authenticatorData, at: parsed.end)
        self.authenticatorData = authenticatorData
        relyingPartyIDHash = Array(authenticatorData[0..<32])
        signCount =
            UInt32(authenticatorData[33]) << 24 | UInt32(authenticatorData[34]) << 16
            | UInt32(authenticatorData[35]) << 8 | UInt32(authenticatorData[36])
        attestedCredentialData = parsed.data
    }

    /// The one CBOR map with text keys that may follow the credential key, or `nil` at the end.
    private static func trailingMap(_ bytes: [UInt8], at start: Int) throws(WebAuthnError) -> CBORMap? {
        guard start < bytes.count else { return nil }
        let value: CBORValue
        let length: Int
        do {
            (value, length) = try CBORDecoder().decodePrefix(bytes[start...])
        } catch {
            throw LowerLayerErrorMapping.map(
                error,
                decoding: "the data after the credential key",
                at: start,
                of: "App Attest authenticator data"
            )
        }
        guard let map = value.mapValue, map.allSatisfy({ $0.key.textStringValue != nil }) else {
            throw WebAuthnError(
                .malformedAuthenticatorData,
                "the App Attest authenticator data has bytes after the credential key that are not a CBOR map "
                    + "with text keys"
            )
        }
        guard start + length == bytes.count else {
            throw WebAuthnError(
                .malformedAuthenticatorData,
                "the App Attest authenticator data has \(bytes.count - start - length) trailing bytes"
            )
        }
        return map
    }
}
