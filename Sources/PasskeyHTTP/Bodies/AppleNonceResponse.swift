#if Hummingbird
/// The answer to `POST /auth/apple/nonce`: ``CommonResponse``'s members and a nonce the server issued, valid once
/// for ``AppleSignInController/nonceLifetime`` seconds (OpenID Connect Core 1.0 §3.1.2.1 `nonce`).
public struct AppleNonceResponse: Codable, Sendable, Hashable {
    /// `ok`.
    public var status: String
    /// Empty.
    public var errorMessage: String
    /// The raw nonce: 32 random bytes in base64url. An iOS app passes its lowercase hexadecimal SHA-256 to
    /// `ASAuthorizationAppleIDRequest.nonce`; a web page passes it unchanged to Sign in with Apple JS.
    public var nonce: String

    /// Creates the answer.
    public init(nonce: String) {
        self.status = CommonResponse.ok.status
        self.errorMessage = CommonResponse.ok.errorMessage
        self.nonce = nonce
    }
}
#endif
