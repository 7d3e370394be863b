import PasskeyCBOR
import PasskeyVerifier

/// An App Attest assertion, decoded but not yet verified (Apple DeviceCheck, "Validating apps
/// that connect to your server", "Verify the assertion").
///
/// `DCAppAttestService.generateAssertion` returns the CBOR map
/// `{signature: bytes, authenticatorData: bytes}` (CTAP2 canonical, no other member). The
/// authenticator data is exactly `rpIdHash` (32 bytes), `flags` (1) and `counter` (4,
/// big-endian): Apple sets the AT flag without attested credential data, so WebAuthn's
/// `AuthenticatorData` parser does not apply. Errors: `WebAuthnError/Code/malformedCBOR`,
/// `WebAuthnError/Code/malformedInput` for the map, and
/// `WebAuthnError/Code/malformedAuthenticatorData` for authenticator data that is not 37 bytes.
public struct AppAttestAssertion: Sendable, Hashable {
    /// The length of assertion authenticator data.
    public static let authenticatorDataLength = 37

    /// `signature`: DER ECDSA P-256 over SHA-256 of the nonce.
    public let signature: [UInt8]
    /// `authenticatorData`, exactly as received.
    public let authenticatorData: [UInt8]
    /// The first 32 bytes of ``authenticatorData``: SHA-256 of the App ID.
    public let relyingPartyIDHash: [UInt8]
    /// The sign counter (bytes 33 to 36 of ``authenticatorData``).
    public let signCount: UInt32

    /// Decodes an assertion as `DCAppAttestService.generateAssertion` returns it.
    public init(bytes: [UInt8]) throws(WebAuthnError) {
        let value: CBORValue
        do {
            value = try CBORDecoder().decode(bytes)
        } catch {
            throw LowerLayerErrorMapping.map(error, decoding: "the App Attest assertion")
        }
        guard let map = value.mapValue else {
            throw WebAuthnError(.malformedInput, "the App Attest assertion is not a CBOR map")
        }
        for entry in map {
            guard let key = entry.key.textStringValue, key == "signature" || key == "authenticatorData" else {
                throw WebAuthnError(
                    .malformedInput,
                    "the App Attest assertion has the unexpected key \(LowerLayerErrorMapping.describe(key: entry.key))"
                )
            }
        }
        guard let signature = map[textKey: "signature"]?.byteStringValue else {
            throw WebAuthnError(.malformedInput, "the App Attest assertion has no signature byte string")
        }
        guard let authenticatorData = map[textKey: "authenticatorData"]?.byteStringValue else {
            throw WebAuthnError(.malformedInput, "the App Attest assertion has no authenticatorData byte string")
        }
        guard authenticatorData.count == Self.authenticatorDataLength else {
            throw WebAuthnError(
                .malformedAuthenticatorData,
                "the App Attest assertion's authenticator data is \(authenticatorData.count) bytes, "
                    + "not \(Self.authenticatorDataLength) (rpIdHash, flags, counter)"
            )
        }
        self.signature = signature
        self.authenticatorData = authenticatorData
        self.relyingPartyIDHash = Array(authenticatorData[0..<32])
        self.signCount =
            UInt32(authenticatorData[33]) << 24 | UInt32(authenticatorData[34]) << 16
            | UInt32(authenticatorData[35]) << 8 | UInt32(authenticatorData[36])
    }
}
