#if Hummingbird
import PasskeyVerifier

/// The body of `POST /assertion/options` (the FIDO Alliance conformance-test server API's
/// `ServerPublicKeyCredentialGetOptionsRequest`), mapped to WebAuthn Level 3 §5.5
/// `PublicKeyCredentialRequestOptions`.
public struct AssertionOptionsRequest: Codable, Sendable, Hashable {
    /// The account signing in; absent or empty for a discoverable-credential sign-in (an empty
    /// `allowCredentials`, §5.5), as with autofill.
    public var username: String?
    /// Whether the UV flag is required (§5.5 `userVerification`), enforced at the result.
    public var userVerification: UserVerificationRequirement?
    /// The extensions to request (§5.5, §9).
    public var extensions: AuthenticationExtensionsClientInputsJSON?

    /// Creates a request.
    public init(
        username: String? = nil,
        userVerification: UserVerificationRequirement? = nil,
        extensions: AuthenticationExtensionsClientInputsJSON? = nil
    ) {
        self.username = username
        self.userVerification = userVerification
        self.extensions = extensions
    }

    /// The per-ceremony changes the request asks for (§5.5, §9).
    package var overrides: AuthenticationCeremonyOverrides {
        AuthenticationCeremonyOverrides(userVerification: userVerification, extensions: extensions)
    }
}
#endif
