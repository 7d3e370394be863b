#if Hummingbird
import PasskeyVerifier

/// A refusal's body: ``CommonResponse``'s `status` (`failed`) and `errorMessage`, and for a sign-in with a
/// credential the server does not have, the argument of `PublicKeyCredential.signalUnknownCredential()` (WebAuthn
/// Level 3 §5.1.10.1) so the page can tell the credential manager to hide that passkey.
struct FailureResponse: Encodable, Sendable {
    /// `failed` and the code with its message.
    let common: CommonResponse
    /// The unknown credential, when there is one.
    let unknownCredential: UnknownCredentialOptionsJSON?

    private enum CodingKeys: String, CodingKey {
        case unknownCredential
    }

    func encode(to encoder: any Encoder) throws {
        try common.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(unknownCredential, forKey: .unknownCredential)
    }
}
#endif
