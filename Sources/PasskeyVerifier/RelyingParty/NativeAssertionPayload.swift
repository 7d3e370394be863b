/// An assertion as native iOS and macOS apps commonly send it: the fields of
/// `ASAuthorizationPlatformPublicKeyCredentialAssertion` (and of the security-key variant), each `Data`
/// encoded with `base64EncodedString()` (WebAuthn Level 3 §5.2.2 `AuthenticatorAssertionResponse`).
///
/// ```json
/// {"credentialID": "…", "rawClientDataJSON": "…", "rawAuthenticatorData": "…",
///  "signature": "…", "userID": "…"}
/// ```
///
/// Every binary member accepts standard base64 (RFC 4648 §4) or base64url (§5), padded or not, as
/// ``Base64URL/decode(_:)`` describes. ``RelyingParty/finishAuthentication(json:)-([UInt8])`` recognizes this shape
/// by its `rawAuthenticatorData` member. Unknown members are ignored.
public struct NativeAssertionPayload: Codable, Sendable, Hashable {
    /// `credentialID`: the credential ID (§5.1 `rawId`).
    public var credentialID: String
    /// `rawClientDataJSON`: the client data bytes (§5.2 `clientDataJSON`).
    public var rawClientDataJSON: String
    /// `rawAuthenticatorData`: the authenticator data the signature covers (§5.2.2 `authenticatorData`).
    public var rawAuthenticatorData: String
    /// `signature`: the assertion signature (§5.2.2 `signature`).
    public var signature: String
    /// `userID`: the user handle (§5.2.2 `userHandle`); absent, `null` or empty when there is none.
    public var userID: String?

    /// Creates the payload from its encoded members.
    public init(
        credentialID: String,
        rawClientDataJSON: String,
        rawAuthenticatorData: String,
        signature: String,
        userID: String?
    ) {
        self.credentialID = credentialID
        self.rawClientDataJSON = rawClientDataJSON
        self.rawAuthenticatorData = rawAuthenticatorData
        self.signature = signature
        self.userID = userID
    }

    /// Decodes the payload from JSON.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the JSON is empty, larger than 1 MiB, invalid,
    ///   or has a missing or mistyped member (the message names it).
    public init(json: [UInt8]) throws(WebAuthnError) {
        self = try ResponseJSONDecoding.decode(
            NativeAssertionPayload.self,
            from: json,
            describing: "native assertion payload"
        )
    }

    /// The response in binary form, for ``RelyingParty/finishAuthentication(_:)`` or
    /// ``AuthenticationVerifier``.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when a member is not base64 (the message names it)
    ///   or `credentialID` is empty.
    public func authenticationResponse() throws(WebAuthnError) -> AuthenticationResponse {
        let credentialID = try ResponseJSONDecoding.binary(self.credentialID, field: "credentialID")
        guard !credentialID.isEmpty else {
            throw WebAuthnError(.malformedInput, "credentialID is empty")
        }
        var userHandle: [UInt8]?
        if let userID, !userID.isEmpty {
            userHandle = try ResponseJSONDecoding.binary(userID, field: "userID")
        }
        return AuthenticationResponse(
            credentialID: credentialID,
            clientDataJSON: try ResponseJSONDecoding.binary(rawClientDataJSON, field: "rawClientDataJSON"),
            authenticatorData: try ResponseJSONDecoding.binary(rawAuthenticatorData, field: "rawAuthenticatorData"),
            signature: try ResponseJSONDecoding.binary(signature, field: "signature"),
            userHandle: userHandle
        )
    }

    /// The same assertion as Level 3 JSON (WebAuthn Level 3 §5.1 `AuthenticationResponseJSON`), its members
    /// kept in the payload's standard base64 (every reader of this library accepts both alphabets).
    public var authenticationResponseJSON: AuthenticationResponseJSON {
        AuthenticationResponseJSON(
            id: credentialID,
            rawId: credentialID,
            response: AuthenticatorAssertionResponseJSON(
                clientDataJSON: rawClientDataJSON,
                authenticatorData: rawAuthenticatorData,
                signature: signature,
                userHandle: userID
            )
        )
    }
}
