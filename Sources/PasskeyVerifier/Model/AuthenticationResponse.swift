/// An authentication response in binary form, ready for the authentication ceremony
/// (WebAuthn Level 3 §5.2.2 `AuthenticatorAssertionResponse`, §7.2).
///
/// Build it from the JSON a browser sends (``init(json:)-([UInt8])``, ``init(_:)``), or from the raw bytes
/// a native app hands over. Nothing here is verified beyond the envelope: the ceremony checks
/// the contents.
public struct AuthenticationResponse: Sendable, Hashable {
    /// The credential ID, `rawId` (§5.1).
    public let credentialID: [UInt8]
    /// `clientDataJSON`, exactly as received (§5.2, §5.8.1).
    public let clientDataJSON: [UInt8]
    /// `authenticatorData`, exactly as received; the signature covers it (§5.2.2, §6.1).
    public let authenticatorData: [UInt8]
    /// `signature` (§5.2.2, §6.3.3).
    public let signature: [UInt8]
    /// `userHandle`, or `nil` when absent, `null` or empty (§5.2.2; user handles are 1 to 64 bytes, §5.4.3).
    public let userHandle: [UInt8]?
    /// `authenticatorAttachment`, when the client reported it (§5.1, §5.4.5).
    public let authenticatorAttachment: String?
    /// The client extension outputs, unauthenticated (§5.1, §9).
    public let clientExtensionResults: AuthenticationExtensionsClientOutputsJSON?

    /// Decodes a Level 3 `AuthenticationResponseJSON` document (§5.1).
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the JSON is empty, larger than 1 MiB,
    ///   invalid, or has a missing or mistyped member (the message names it), and for the
    ///   failures of ``init(_:)``.
    public init(json: [UInt8]) throws(WebAuthnError) {
        if let decoded = ResponseJSONDecoding.commonAuthenticationResponse(json) {
            try self.init(decoded)
            return
        }
        let decoded = try ResponseJSONDecoding.decode(
            AuthenticationResponseJSON.self,
            from: json,
            describing: "authentication response"
        )
        try self.init(decoded)
    }

    /// Validates the envelope of a decoded response and decodes its binary members (§5.1,
    /// §7.2 `#sctn-verifying-assertion` step "response").
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when a binary member is not base64url or
    ///   standard base64 (the message names it), `type` is not `public-key`, `rawId` is empty,
    ///   or `id` and `rawId` decode to different bytes.
    public init(_ json: AuthenticationResponseJSON) throws(WebAuthnError) {
        try ResponseJSONDecoding.checkCredentialType(json.type)
        let credentialID = try ResponseJSONDecoding.credentialID(id: json.id, rawId: json.rawId)
        let response = json.response
        let clientDataJSON = try ResponseJSONDecoding.binary(response.clientDataJSON, field: "response.clientDataJSON")
        let authenticatorData = try ResponseJSONDecoding.binary(
            response.authenticatorData,
            field: "response.authenticatorData"
        )
        let signature = try ResponseJSONDecoding.binary(response.signature, field: "response.signature")
        var userHandle: [UInt8]?
        if let encoded = response.userHandle, !encoded.isEmpty {
            userHandle = try ResponseJSONDecoding.binary(encoded, field: "response.userHandle")
        }
        self.init(
            credentialID: credentialID,
            clientDataJSON: clientDataJSON,
            authenticatorData: authenticatorData,
            signature: signature,
            userHandle: userHandle,
            authenticatorAttachment: json.authenticatorAttachment,
            clientExtensionResults: json.clientExtensionResults
        )
    }

    /// Wraps the raw values a native app received from the platform (§5.2.2). An empty
    /// `userHandle` is stored as `nil`.
    public init(
        credentialID: [UInt8],
        clientDataJSON: [UInt8],
        authenticatorData: [UInt8],
        signature: [UInt8],
        userHandle: [UInt8]? = nil,
        authenticatorAttachment: String? = nil,
        clientExtensionResults: AuthenticationExtensionsClientOutputsJSON? = nil
    ) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle?.isEmpty == true ? nil : userHandle
        self.authenticatorAttachment = authenticatorAttachment
        self.clientExtensionResults = clientExtensionResults
    }
}
