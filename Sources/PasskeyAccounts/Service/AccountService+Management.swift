import Foundation
import PasskeyVerifier

/// The signed-in account: its passkeys, its display name and its sessions.
extension AccountService {
    /// The account of `session`; a session whose account is gone is no session (`sessionRequired`).
    public func account(of session: SessionRecord) async throws -> Account {
        guard let account = try await storage.stores.users.account(forUserHandle: session.userHandle) else {
            throw AccountError.sessionRequired
        }
        return account
    }

    /// The account of `session` and its passkeys, in the order they were added.
    public func passkeys(of session: SessionRecord) async throws -> (account: Account, passkeys: [CredentialRecord]) {
        let account = try await account(of: session)
        return (account, try await storage.stores.credentials.credentials(forUserHandle: account.userHandle))
    }

    /// The passkey `credentialID` when the account of `session` owns it; `nil` for another account's passkey
    /// exactly as for one that does not exist, so nothing is told about other accounts.
    public func passkey(_ credentialID: [UInt8], of session: SessionRecord) async throws -> CredentialRecord? {
        guard let record = try await storage.stores.credentials.credential(withID: credentialID),
            record.userHandle == session.userHandle
        else { return nil }
        return record
    }

    /// Sets the nickname of the account's passkey `credentialID` (`nil` clears it); whether the account owns it.
    public func renamePasskey(
        _ credentialID: [UInt8],
        nickname given: String?,
        of session: SessionRecord
    ) async throws -> Bool {
        let nickname = try AccountText.name(given ?? "", member: "nickname")
        guard try await passkey(credentialID, of: session) != nil else { return false }
        return try await storage.stores.credentials.rename(credentialID: credentialID, nickname: nickname)
    }

    /// What deleting a passkey did.
    public struct PasskeyDeletion: Sendable {
        /// How many sessions begun with the passkey ended.
        public let sessionsEnded: Int
    }

    /// Deletes the account's passkey `credentialID` in one transaction: holds the account; refuses its last passkey
    /// unless Sign in with Apple is linked (`lastCredential`); removes it; ends the sessions begun with it and the
    /// account's pending registrations (§13.4.3), so that one begun by a session of the deleted passkey cannot
    /// finish. It commits once, or nothing.
    ///
    /// - Returns: `nil` when the account has no such passkey (another account's included).
    public func deletePasskey(_ credentialID: [UInt8], of session: SessionRecord) async throws -> PasskeyDeletion? {
        let owner = session.userHandle
        return try await storage.withTransaction { stores in
            try await stores.users.lockAccount(userHandle: owner)
            guard try await stores.credentials.credential(withID: credentialID)?.userHandle == owner else {
                return nil
            }
            if try await stores.users.hasAppleSignIn(userHandle: owner) {
                guard try await stores.credentials.remove(credentialID: credentialID) else { return nil }
            } else {
                switch try await stores.credentials.removeUnlessLast(credentialID: credentialID, ownedBy: owner) {
                case .removed: break
                case .notFound: return nil
                case .lastCredential: throw Self.lastCredential
                }
            }
            let ended = try await stores.sessions.removeAll(credentialID: credentialID)
            _ = try await stores.challenges.removeAll(ceremony: .registration, userHandle: owner)
            return PasskeyDeletion(sessionsEnded: ended)
        }
    }

    /// Sets the display name of the account of `session` (§5.4.3 `user.displayName`; empty shows the username) and
    /// returns the account as it is now.
    public func setDisplayName(_ given: String?, of session: SessionRecord) async throws -> Account {
        let displayName = try AccountText.name(given ?? "", member: "displayName")
        guard try await storage.stores.users.setDisplayName(displayName, forUserHandle: session.userHandle) else {
            throw AccountError.sessionRequired
        }
        return try await account(of: session)
    }

    /// Ends `session`.
    public func signOut(_ session: SessionRecord) async throws {
        try await storage.stores.sessions.remove(tokenHash: session.tokenHash)
    }

    /// What signing out everywhere ended.
    public struct SignOutEverywhere: Sendable {
        /// The account's sessions ended, this one included.
        public let sessionsEnded: Int
        /// The account's pending registrations cancelled.
        public let pendingRegistrationsCancelled: Int
    }

    /// Ends every session of the account of `session` and its pending registrations (§13.4.3), in one commit.
    public func signOutEverywhere(_ session: SessionRecord) async throws -> SignOutEverywhere {
        let owner = session.userHandle
        return try await storage.withTransaction { stores in
            try await stores.users.lockAccount(userHandle: owner)
            let ended = try await stores.sessions.removeAll(userHandle: owner)
            let cancelled = try await stores.challenges.removeAll(ceremony: .registration, userHandle: owner)
            return SignOutEverywhere(sessionsEnded: ended, pendingRegistrationsCancelled: cancelled)
        }
    }

    /// `lastCredential`.
    static var lastCredential: AccountError {
        AccountError(.lastCredential, "this is the account's only passkey: add another one before deleting it")
    }
}
