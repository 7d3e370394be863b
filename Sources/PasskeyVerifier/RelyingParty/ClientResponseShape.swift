/// Which of the two accepted request bodies a client sent: Level 3 JSON (WebAuthn Level 3 §5.1) or the
/// native payload (``NativeRegistrationPayload``, ``NativeAssertionPayload``).
package enum ClientResponseShape {
    /// `RegistrationResponseJSON` or `AuthenticationResponseJSON`: has a `response` member.
    case level3
    /// The fields of the AuthenticationServices credential: has `rawAttestationObject` or `rawAuthenticatorData`.
    case native

    /// Tells the shape of `body`, a request body for `ceremony`.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the body is not a JSON object, has both
    ///   shapes' members or neither.
    package static func detect(_ body: [UInt8], ceremony: CeremonyKind) throws(WebAuthnError) -> ClientResponseShape {
        try detect(try ClientResponseMembers(of: body, ceremony: ceremony), ceremony: ceremony)
    }

    /// Tells the shape of a request body for `ceremony` from its top-level `members`.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the body has both shapes' members or neither.
    package static func detect(
        _ members: ClientResponseMembers,
        ceremony: CeremonyKind
    ) throws(WebAuthnError) -> ClientResponseShape {
        let subject = "\(ceremony.rawValue) response"
        let hasNativeMember: Bool
        let nativeMember: String
        switch ceremony {
        case .registration:
            hasNativeMember = members.hasRawAttestationObject
            nativeMember = "rawAttestationObject"
        case .authentication:
            hasNativeMember = members.hasRawAuthenticatorData
            nativeMember = "rawAuthenticatorData"
        }
        switch (members.hasResponse, hasNativeMember) {
        case (true, false):
            return .level3
        case (false, true):
            return .native
        case (true, true):
            throw WebAuthnError(
                .malformedInput,
                "\(subject) has both \"response\" (Level 3 JSON) and \"\(nativeMember)\" (native payload)"
            )
        case (false, false):
            throw WebAuthnError(
                .malformedInput,
                "\(subject) has neither \"response\" (Level 3 JSON) nor \"\(nativeMember)\" (native payload)"
            )
        }
    }
}

/// Which members a response body has at its top level, whatever their values (`null` included), read with one scan
/// that builds no tree: the members that tell ``ClientResponseShape``s apart, and those an adapter's conformance
/// tolerance fills in (`rawId`, `getClientExtensionResults`).
package struct ClientResponseMembers: Decodable, Sendable {
    /// `response` (Level 3 JSON, §5.1).
    package let hasResponse: Bool
    /// `rawAttestationObject` (the native registration payload).
    package let hasRawAttestationObject: Bool
    /// `rawAuthenticatorData` (the native assertion payload).
    package let hasRawAuthenticatorData: Bool
    /// `rawId`.
    package let hasRawID: Bool
    /// `getClientExtensionResults` (the FIDO conformance-test server API's name of `clientExtensionResults`).
    package let hasGetClientExtensionResults: Bool

    private enum CodingKeys: String, CodingKey {
        case response, rawAttestationObject, rawAuthenticatorData, rawId, getClientExtensionResults
    }

    /// The members of `body`, a request body for `ceremony`.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the body is not a JSON object.
    package init(of body: [UInt8], ceremony: CeremonyKind) throws(WebAuthnError) {
        try self.init(of: body, describing: "\(ceremony.rawValue) response")
    }

    /// The members of `body`, which the message of a failure calls `subject`.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the body is not a JSON object.
    package init(of body: [UInt8], describing subject: String) throws(WebAuthnError) {
        self = try ResponseJSONDecoding.decode(Self.self, from: body, describing: subject)
    }

    /// Reads the members present in the decoder's object.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hasResponse = container.contains(.response)
        hasRawAttestationObject = container.contains(.rawAttestationObject)
        hasRawAuthenticatorData = container.contains(.rawAuthenticatorData)
        hasRawID = container.contains(.rawId)
        hasGetClientExtensionResults = container.contains(.getClientExtensionResults)
    }
}
