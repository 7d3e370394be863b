import Foundation
import PasskeyVerifier

/// A single-use secret of the Sign in with Apple routes, kept by the ``UserStore`` (in the database, so that
/// several servers on one PostgreSQL share them) until it is taken once or expires.
public struct AppleSignInSecret: Sendable, Hashable {
    /// What the secret is for.
    public enum Purpose: String, Sendable, Hashable {
        /// A nonce `POST /auth/apple/nonce` issued, which `POST /auth/apple` takes (OpenID Connect Core 1.0
        /// §3.1.2.1 `nonce`: it binds the identity token to this server's request and stops its replay).
        case nonce
        /// A registration ticket `POST /auth/apple` issued, which `POST /attestation/options` takes for the
        /// `apple:` account it names: only the person who just signed in with Apple adds a passkey to it.
        case registrationTicket
    }

    /// The secret: 32 random bytes in base64url.
    public let value: String
    /// What it is for.
    public let purpose: Purpose
    /// The account a registration ticket is for; empty for a nonce.
    public let username: String
    /// When it stops being accepted, in whole seconds since 1970.
    public let expiresAt: Int64

    /// Creates a secret.
    public init(value: String, purpose: Purpose, username: String, expiresAt: Int64) {
        self.value = value
        self.purpose = purpose
        self.username = username
        self.expiresAt = expiresAt
    }

    /// A new random secret for `purpose`, valid for `lifetime` seconds from `now`.
    public static func generate(purpose: Purpose, username: String = "", lifetime: Int64, now: Date) -> Self {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return AppleSignInSecret(
            value: Base64URL.encode(bytes),
            purpose: purpose,
            username: username,
            expiresAt: seconds(now) + lifetime
        )
    }

    /// `instant` in whole seconds since 1970, clamped to a range every store can hold.
    package static func seconds(_ instant: Date) -> Int64 {
        let value = instant.timeIntervalSince1970
        guard value.isFinite else { return 0 }
        return Int64(min(max(value, 0), 253_402_300_799).rounded(.down))
    }
}
