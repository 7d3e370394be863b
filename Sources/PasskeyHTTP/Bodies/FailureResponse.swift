#if Hummingbird
import PasskeyVerifier

/// A refusal's body: ``CommonResponse``'s `status` (`failed`) and `errorMessage`, and for a sign-in with a
/// credential the server does not have, the argument of `PublicKeyCredential.signalUnknownCredential()` (WebAuthn
/// Level 3 §5.1.10.1) so the page can tell the credential manager to hide that passkey.
package struct FailureResponse: Sendable {
    /// `failed` and the code with its message.
    let common: CommonResponse
    /// The unknown credential, when there is one.
    let unknownCredential: UnknownCredentialOptionsJSON?

    /// The body of `common` and, when there is one, the `unknownCredential`.
    package init(common: CommonResponse, unknownCredential: UnknownCredentialOptionsJSON?) {
        self.common = common
        self.unknownCredential = unknownCredential
    }

    /// The JSON text, written by ``JSONWriter`` in one fixed order (`status`, `errorMessage`, `unknownCredential`
    /// with `rpId` and `credentialId`): two refusals alike are byte for byte alike, which `JSONEncoder`, whose
    /// member order varies, does not promise.
    package var json: [UInt8] {
        var writer = JSONWriter(capacity: 64 + common.errorMessage.utf8.count)
        writer.beginObject()
        writer.member("status", string: common.status)
        writer.member("errorMessage", string: common.errorMessage)
        if let unknownCredential {
            writer.member("unknownCredential")
            writer.beginObject()
            writer.member("rpId", string: unknownCredential.rpId)
            writer.member("credentialId", string: unknownCredential.credentialId)
            writer.endObject()
        }
        writer.endObject()
        return writer.bytes
    }
}
#endif
