#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The verified claims of a Sign in with Apple identity token (`ASAuthorizationAppleIDCredential.identityToken`;
/// Apple, "Authenticating users with Sign in with Apple"): what ``AppleIdentityTokenVerifier`` returns once the
/// signature, issuer, audience, lifetime and nonce have all been checked.
public struct AppleIdentityToken: Sendable, Hashable {
    /// `sub` (RFC 7519 §4.1.2): the stable, opaque user identifier, the same for every app of one development
    /// team. Link accounts by this value, never by the email address.
    public let subject: String
    /// The client ID `aud` named among those the verifier accepts (RFC 7519 §4.1.3): the app's bundle ID or a
    /// Services ID.
    public let audience: String
    /// `iat` (RFC 7519 §4.1.6).
    public let issuedAt: Date
    /// `exp` (RFC 7519 §4.1.4).
    public let expiresAt: Date
    /// `email`, when the user shared it: a real address or an `@privaterelay.appleid.com` relay.
    public let email: String?
    /// `email_verified`, read from a JSON boolean or the string `"true"` / `"false"` (Apple sends both).
    public let isEmailVerified: Bool?
    /// `is_private_email`: whether ``email`` is a private relay address; boolean or string as above.
    public let isPrivateEmail: Bool?
    /// `real_user_status`, when present.
    public let realUserStatus: RealUserStatus?
    /// The `kid` of the Apple key that signed the token (RFC 7515 §4.1.4).
    public let keyIdentifier: String
    /// `nonce` (OpenID Connect Core 1.0 §2), when the token carries one: the value the verifier compared.
    public let nonce: String?
}
