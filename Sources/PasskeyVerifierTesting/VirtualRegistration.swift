import PasskeyCrypto
import PasskeyVerifier

/// A registration ceremony a ``VirtualAuthenticator`` performed: the new credential and the response in every
/// form a relying party receives it (WebAuthn §5.2.1 `AuthenticatorAttestationResponse`, §7.1).
public struct VirtualRegistration: Sendable {
    /// The new credential, as stored when it was created.
    public let credential: VirtualCredential
    /// The exact `clientDataJSON` (§5.8.1).
    public let clientDataJSON: [UInt8]
    /// The attestation object, CTAP2 canonical CBOR (§6.5.4, CTAP2 §8).
    public let attestationObject: [UInt8]
    /// The authenticator data inside the attestation object (§6.1).
    public let authenticatorData: [UInt8]
    /// The attestation statement format, `fmt` (§6.5.4).
    public let format: String
    /// The transports reported by `getTransports()` (§5.2.1, §5.8.4).
    public let transports: [String]
    /// The `authenticatorAttachment` the client reported (§5.1, §5.4.5).
    public let authenticatorAttachment: String?
    /// The Level 3 JSON a browser sends (§5.1 `RegistrationResponseJSON`), binary members base64url.
    public let json: RegistrationResponseJSON
    /// ``json`` encoded with `JSONEncoder` (sorted keys): the bytes a browser's `JSON.stringify` would post.
    public let jsonBytes: [UInt8]

    /// The credential ID (§5.1 `rawId`, §6.5.1).
    public var credentialID: [UInt8] { credential.id }

    /// The response in binary form, ready for `RegistrationVerifier.verify(_:expecting:)` (§7.1).
    public var response: RegistrationResponse {
        RegistrationResponse(
            credentialID: credentialID,
            clientDataJSON: clientDataJSON,
            attestationObject: attestationObject,
            transports: transports,
            authenticatorAttachment: authenticatorAttachment,
            clientExtensionResults: json.clientExtensionResults
        )
    }

    /// The fields a native iOS app sends from `ASAuthorizationPlatformPublicKeyCredentialRegistration`:
    /// `credentialID`, `rawClientDataJSON` and `rawAttestationObject` as standard padded base64.
    public var nativeFields: NativeCredentialFields {
        NativeCredentialFields(
            credentialID: Base64URL.encodeStandard(credentialID),
            rawClientDataJSON: Base64URL.encodeStandard(clientDataJSON),
            rawAttestationObject: Base64URL.encodeStandard(attestationObject)
        )
    }
}
