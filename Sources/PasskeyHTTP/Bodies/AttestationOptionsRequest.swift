#if Hummingbird
import PasskeyAccounts
import PasskeyVerifier

/// The body of `POST /attestation/options` (the FIDO Alliance conformance-test server API's
/// `ServerPublicKeyCredentialCreationOptionsRequest`): who registers and how, mapped to WebAuthn Level 3 §5.4
/// `PublicKeyCredentialCreationOptions`.
public struct AttestationOptionsRequest: Codable, Sendable, Hashable {
    /// The account name (§5.4.3 `user.name`), checked and normalised by ``AccountText/username(_:)``; empty to add
    /// a passkey to the account of the request's session.
    public var username: String
    /// The name shown to the user (§5.4.3 `user.displayName`, ``AccountText/name(_:member:)``); the account's
    /// display name or the username when absent or empty.
    public var displayName: String?
    /// Attachment, resident key and user verification (§5.4.4).
    public var authenticatorSelection: AuthenticatorSelectionCriteria?
    /// The attestation conveyance preference (§5.4.7).
    public var attestation: AttestationConveyancePreference?
    /// The extensions to request (§5.4, §9).
    public var extensions: AuthenticationExtensionsClientInputsJSON?
    /// The ticket `POST /auth/apple` returned: required, and taken once, for an `apple:` username.
    public var appleRegistrationTicket: String?

    /// Creates a request.
    public init(
        username: String,
        displayName: String? = nil,
        authenticatorSelection: AuthenticatorSelectionCriteria? = nil,
        attestation: AttestationConveyancePreference? = nil,
        extensions: AuthenticationExtensionsClientInputsJSON? = nil,
        appleRegistrationTicket: String? = nil
    ) {
        self.username = username
        self.displayName = displayName
        self.authenticatorSelection = authenticatorSelection
        self.attestation = attestation
        self.extensions = extensions
        self.appleRegistrationTicket = appleRegistrationTicket
    }

    /// The per-ceremony changes the request asks for (§5.4.4, §5.4.7, §9).
    package var overrides: RegistrationCeremonyOverrides {
        let residentKey =
            authenticatorSelection?.residentKey
            ?? authenticatorSelection?.requireResidentKey.map { $0 ? .required : .discouraged }
        return RegistrationCeremonyOverrides(
            userVerification: authenticatorSelection?.userVerification,
            authenticatorAttachment: authenticatorSelection?.authenticatorAttachment,
            residentKey: residentKey,
            attestation: attestation,
            extensions: extensions
        )
    }
}
#endif
