/// Which of the two accepted request bodies a client sent: Level 3 JSON (WebAuthn Level 3 §5.1) or the
/// native payload (``NativeRegistrationPayload``, ``NativeAssertionPayload``).
package enum ClientResponseShape {
    /// `RegistrationResponseJSON` or `AuthenticationResponseJSON`: has a `response` member.
    case level3
    /// The fields of the AuthenticationServices credential: has `rawAttestationObject` or `rawAuthenticatorData`.
    case native

    /// The members that tell the shapes apart.
    private struct Probe: Decodable {
        let hasResponse: Bool
        let hasRawAttestationObject: Bool
        let hasRawAuthenticatorData: Bool

        enum CodingKeys: String, CodingKey {
            case response, rawAttestationObject, rawAuthenticatorData
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            hasResponse = container.contains(.response)
            hasRawAttestationObject = container.contains(.rawAttestationObject)
            hasRawAuthenticatorData = container.contains(.rawAuthenticatorData)
        }
    }

    /// Tells the shape of `body`, a request body for `ceremony`.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the body is not a JSON object, has both
    ///   shapes' members or neither.
    package static func detect(_ body: [UInt8], ceremony: CeremonyKind) throws(WebAuthnError) -> ClientResponseShape {
        let subject = "\(ceremony.rawValue) response"
        let probe = try ResponseJSONDecoding.decode(Probe.self, from: body, describing: subject)
        let hasNativeMember: Bool
        let nativeMember: String
        switch ceremony {
        case .registration:
            hasNativeMember = probe.hasRawAttestationObject
            nativeMember = "rawAttestationObject"
        case .authentication:
            hasNativeMember = probe.hasRawAuthenticatorData
            nativeMember = "rawAuthenticatorData"
        }
        switch (probe.hasResponse, hasNativeMember) {
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
