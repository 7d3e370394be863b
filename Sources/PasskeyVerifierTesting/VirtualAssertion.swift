import PasskeyVerifier

/// An authentication ceremony a ``VirtualAuthenticator`` performed: the assertion in every form a relying party
/// receives it (WebAuthn §5.2.2 `AuthenticatorAssertionResponse`, §6.3.3, §7.2).
public struct VirtualAssertion: Sendable {
    /// The credential that signed (§5.1 `rawId`).
    public let credentialID: [UInt8]
    /// The exact `clientDataJSON` (§5.8.1).
    public let clientDataJSON: [UInt8]
    /// The authenticator data (§6.1), covered by the signature.
    public let authenticatorData: [UInt8]
    /// The signature over `authenticatorData || SHA-256(clientDataJSON)` (§6.3.3 step 11).
    public let signature: [UInt8]
    /// The user handle returned (§5.2.2 `userHandle`), `nil` when the authenticator returned none.
    public let userHandle: [UInt8]?
    /// The signature counter in the authenticator data (§6.1.1).
    public let signCount: UInt32
    /// The `authenticatorAttachment` the client reported (§5.1, §5.4.5).
    public let authenticatorAttachment: String?
    /// The Level 3 JSON a browser sends (§5.1 `AuthenticationResponseJSON`), binary members base64url.
    public let json: AuthenticationResponseJSON
    /// ``json`` encoded with `JSONEncoder` (sorted keys): the bytes a browser's `JSON.stringify` would post.
    public let jsonBytes: [UInt8]

    /// The response in binary form, ready for `AuthenticationVerifier.verify(_:expecting:credential:)` (§7.2).
    public var response: AuthenticationResponse {
        AuthenticationResponse(
            credentialID: credentialID,
            clientDataJSON: clientDataJSON,
            authenticatorData: authenticatorData,
            signature: signature,
            userHandle: userHandle,
            authenticatorAttachment: authenticatorAttachment,
            clientExtensionResults: json.clientExtensionResults
        )
    }

    /// The fields a native iOS app sends from `ASAuthorizationPlatformPublicKeyCredentialAssertion`:
    /// `credentialID`, `rawClientDataJSON`, `rawAuthenticatorData`, `signature` and `userID` as standard padded
    /// base64.
    public var nativeFields: NativeCredentialFields {
        NativeCredentialFields(
            credentialID: Base64URL.encodeStandard(credentialID),
            rawClientDataJSON: Base64URL.encodeStandard(clientDataJSON),
            rawAuthenticatorData: Base64URL.encodeStandard(authenticatorData),
            signature: Base64URL.encodeStandard(signature),
            userID: userHandle.map { Base64URL.encodeStandard($0) }
        )
    }
}
