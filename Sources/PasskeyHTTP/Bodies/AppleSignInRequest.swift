#if Hummingbird
/// The body of `POST /auth/apple`: what an app or page has after Sign in with Apple.
public struct AppleSignInRequest: Codable, Sendable, Hashable {
    /// `ASAuthorizationAppleIDCredential.identityToken` as UTF-8 text: the JWT Apple signed.
    public var identityToken: String
    /// The nonce `POST /auth/apple/nonce` issued; it is taken once. An iOS app passed its lowercase hexadecimal
    /// SHA-256 to `ASAuthorizationAppleIDRequest.nonce`, so the token carries that hash.
    public var rawNonce: String
    /// `true` when the token carries ``rawNonce`` unchanged, as Apple's web flow does (Sign in with Apple JS);
    /// absent or `false`: the token carries its SHA-256 (the iOS flow).
    public var nonceIsUnhashed: Bool?

    /// Creates a request.
    public init(identityToken: String, rawNonce: String, nonceIsUnhashed: Bool? = nil) {
        self.identityToken = identityToken
        self.rawNonce = rawNonce
        self.nonceIsUnhashed = nonceIsUnhashed
    }
}
#endif
