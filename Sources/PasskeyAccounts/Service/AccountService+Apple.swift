import Foundation
import PasskeyVerifier

/// Sign in with Apple's account linking: an `apple:` account per Apple user, whose first passkey needs the
/// registration ticket of a verified identity token.
extension AccountService {
    /// How long an issued nonce is accepted: 600 seconds.
    public static let appleNonceLifetime: Int64 = 600
    /// How long a registration ticket is accepted: 300 seconds.
    public static let appleRegistrationTicketLifetime: Int64 = 300

    /// A new single-use nonce for an identity token, kept for ``appleNonceLifetime`` seconds.
    public func issueAppleNonce() async throws -> AppleSignInSecret {
        let nonce = AppleSignInSecret.generate(purpose: .nonce, lifetime: Self.appleNonceLifetime, now: clock())
        try await storage.stores.users.storeAppleSignInSecret(nonce)
        return nonce
    }

    /// What a Sign in with Apple gave: the linked account's username and the ticket of its next passkey.
    public struct AppleSignIn: Sendable {
        /// The `apple:` account's username.
        public let username: String
        /// The single-use ticket that lets `beginRegistration` add a passkey to it.
        public let registrationTicket: AppleSignInSecret
    }

    /// Takes `rawNonce` (one that was never issued, was used or expired is `challengeNotFound`), has the identity
    /// token verified by `verifiedSubject` (which returns its `sub`), then links or creates the subject's `apple:`
    /// account and stores its registration ticket in one commit.
    public func signInWithApple(
        rawNonce: String,
        verifiedSubject: () async throws -> String
    ) async throws -> AppleSignIn {
        guard SessionToken.isWellFormed(Substring(rawNonce)),
            try await storage.stores.users.takeAppleSignInSecret(rawNonce, purpose: .nonce, at: clock()) != nil
        else {
            throw WebAuthnError(
                .challengeNotFound,
                "the rawNonce was not issued by POST /auth/apple/nonce, was used already or has expired"
            )
        }
        let subject = try await verifiedSubject()
        guard (try? AccountText.username(AppleAccountUsername.username(forSubject: subject))) != nil else {
            throw WebAuthnError(
                .malformedInput,
                "the identity token's sub does not make a username of at most \(AccountText.maximumUsernameBytes) "
                    + "bytes of printable characters"
            )
        }
        let proposed = try relyingParty.generateUserHandle()
        let now = clock()
        return try await storage.withTransaction { stores in
            let linked = try await stores.users.username(forAppleSubject: subject, proposing: proposed)
            let ticket = AppleSignInSecret.generate(
                purpose: .registrationTicket,
                username: linked,
                lifetime: Self.appleRegistrationTicketLifetime,
                now: now
            )
            try await stores.users.storeAppleSignInSecret(ticket)
            return AppleSignIn(username: linked, registrationTicket: ticket)
        }
    }
}
