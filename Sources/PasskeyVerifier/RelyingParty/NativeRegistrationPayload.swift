/// A registration as native iOS and macOS apps commonly send it: the fields of
/// `ASAuthorizationPlatformPublicKeyCredentialRegistration` (and of the security-key variant), each
/// `Data` encoded with `base64EncodedString()` (WebAuthn Level 3 §5.2.1 `AuthenticatorAttestationResponse`).
///
/// ```json
/// {"credentialID": "…", "rawClientDataJSON": "…", "rawAttestationObject": "…"}
/// ```
///
/// Every binary member accepts standard base64 (RFC 4648 §4) or base64url (§5), padded or not, as
/// ``Base64URL/decode(_:)`` describes. ``RelyingParty/finishRegistration(json:)-([UInt8])`` recognizes this shape
/// by its `rawAttestationObject` member. Unknown members are ignored.
public struct NativeRegistrationPayload: Codable, Sendable, Hashable {
    /// `credentialID`: the credential ID (§5.1 `rawId`).
    public var credentialID: String
    /// `rawClientDataJSON`: the client data bytes (§5.2 `clientDataJSON`).
    public var rawClientDataJSON: String
    /// `rawAttestationObject`: the attestation object (§5.2.1 `attestationObject`, §6.5.4).
    public var rawAttestationObject: String

    /// Creates the payload from its encoded members.
    public init(credentialID: String, rawClientDataJSON: String, rawAttestationObject: String) {
        self.credentialID = credentialID
        self.rawClientDataJSON = rawClientDataJSON
        self.rawAttestationObject = rawAttestationObject
    }

    /// Decodes the payload from JSON.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the JSON is empty, larger than 1 MiB, invalid,
    ///   or has a missing or mistyped member (the message names it).
    public init(json: [UInt8]) throws(WebAuthnError) {
        self = try ResponseJSONDecoding.decode(
            NativeRegistrationPayload.self,
            from: json,
            describing: "native registration payload"
        )
    }

    /// The response in binary form, for ``RelyingParty/finishRegistration(_:)`` or ``RegistrationVerifier``.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when a member is not base64 (the message names it)
    ///   or `credentialID` is empty.
    public func registrationResponse() throws(WebAuthnError) -> RegistrationResponse {
        let credentialID = try ResponseJSONDecoding.binary(self.credentialID, field: "credentialID")
        guard !credentialID.isEmpty else {
            throw WebAuthnError(.malformedInput, "credentialID is empty")
        }
        return RegistrationResponse(
            credentialID: credentialID,
            clientDataJSON: try ResponseJSONDecoding.binary(rawClientDataJSON, field: "rawClientDataJSON"),
            attestationObject: try ResponseJSONDecoding.binary(rawAttestationObject, field: "rawAttestationObject")
        )
    }

    /// The same registration as Level 3 JSON (WebAuthn Level 3 §5.1 `RegistrationResponseJSON`), its members
    /// kept in the payload's standard base64 (every reader of this library accepts both alphabets).
    public var registrationResponseJSON: RegistrationResponseJSON {
        RegistrationResponseJSON(
            id: credentialID,
            rawId: credentialID,
            response: AuthenticatorAttestationResponseJSON(
                clientDataJSON: rawClientDataJSON,
                attestationObject: rawAttestationObject
            )
        )
    }
}
