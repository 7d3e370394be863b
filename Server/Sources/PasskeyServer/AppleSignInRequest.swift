/// The body of `POST /auth/apple`: what an iOS app has after Sign in with Apple.
public struct AppleSignInRequest: Codable, Sendable, Hashable {
    /// `ASAuthorizationAppleIDCredential.identityToken` as UTF-8 text: the JWT Apple signed.
    public var identityToken: String
    /// The random nonce the app generated; the app passed its lowercase hexadecimal SHA-256 to
    /// `ASAuthorizationAppleIDRequest.nonce`, and the token carries that hash.
    public var rawNonce: String

    /// Creates a request.
    public init(identityToken: String, rawNonce: String) {
        self.identityToken = identityToken
        self.rawNonce = rawNonce
    }
}
