/// A registration response in binary form, ready for the registration ceremony
/// (WebAuthn Level 3 §5.2.1 `AuthenticatorAttestationResponse`, §7.1).
///
/// Build it from the JSON a browser sends (``init(json:)-([UInt8])``, ``init(_:)``), or from the raw bytes
/// a native app hands over. Nothing here is verified beyond the envelope: the ceremony checks the contents.
public struct RegistrationResponse: Sendable, Hashable {
    /// The credential ID, `rawId` (§5.1, §6.5.1).
    public let credentialID: [UInt8]
    /// `clientDataJSON`, exactly as received (§5.2, §5.8.1).
    public let clientDataJSON: [UInt8]
    /// `attestationObject`, exactly as received (§5.2.1, §6.5.4).
    public let attestationObject: [UInt8]
    /// `transports` (§5.2.1, §5.8.4): unknown values are kept when they look like a transport name (at most 32
    /// lowercase letters, digits and hyphens); other values, repeats and values past the eighth are dropped.
    public let transports: [String]
    /// `authenticatorAttachment`, when the client reported it (§5.1, §5.4.5).
    public let authenticatorAttachment: String?
    /// The client extension outputs, unauthenticated (§5.1, §9).
    public let clientExtensionResults: AuthenticationExtensionsClientOutputsJSON?

    /// Decodes a Level 3 `RegistrationResponseJSON` document (§5.1).
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the JSON is empty, larger than 1 MiB,
    ///   invalid, or has a missing or mistyped member (the message names it), and for the
    ///   failures of ``init(_:)``.
    public init(json: [UInt8]) throws(WebAuthnError) {
        let decoded = try ResponseJSONDecoding.decode(
            RegistrationResponseJSON.self,
            from: json,
            describing: "registration response"
        )
        try self.init(decoded)
    }

    /// Validates the envelope of a decoded response and decodes its binary members (§5.1,
    /// §7.1 `#sctn-registering-a-new-credential` step "response").
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when a binary member is not base64url or
    ///   standard base64 (the message names it), `type` is not `public-key`, `rawId` is empty,
    ///   or `id` and `rawId` decode to different bytes.
    public init(_ json: RegistrationResponseJSON) throws(WebAuthnError) {
        try ResponseJSONDecoding.checkCredentialType(json.type)
        let credentialID = try ResponseJSONDecoding.credentialID(id: json.id, rawId: json.rawId)
        let clientDataJSON = try ResponseJSONDecoding.binary(
            json.response.clientDataJSON,
            field: "response.clientDataJSON"
        )
        let attestationObject = try ResponseJSONDecoding.binary(
            json.response.attestationObject,
            field: "response.attestationObject"
        )
        if let authenticatorData = json.response.authenticatorData {
            _ = try ResponseJSONDecoding.binary(authenticatorData, field: "response.authenticatorData")
        }
        if let publicKey = json.response.publicKey {
            _ = try ResponseJSONDecoding.binary(publicKey, field: "response.publicKey")
        }
        self.init(
            credentialID: credentialID,
            clientDataJSON: clientDataJSON,
            attestationObject: attestationObject,
            transports: json.response.transports ?? [],
            authenticatorAttachment: json.authenticatorAttachment,
            clientExtensionResults: json.clientExtensionResults
        )
    }

    /// Wraps the raw values a native app received from the platform (§5.2.1).
    public init(
        credentialID: [UInt8],
        clientDataJSON: [UInt8],
        attestationObject: [UInt8],
        transports: [String] = [],
        authenticatorAttachment: String? = nil,
        clientExtensionResults: AuthenticationExtensionsClientOutputsJSON? = nil
    ) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
        self.transports = ReportedTransports.kept(transports)
        self.authenticatorAttachment = authenticatorAttachment
        self.clientExtensionResults = clientExtensionResults
    }
}
