#if Hummingbird
import PasskeyAccounts

/// An ``PasskeyAccounts/AccountStorage`` with a ``StoreDeadline`` on each call outside a transaction and on each
/// transaction or sign-in commit as a whole (not on the calls inside it): a transaction that loses the race is
/// cancelled and rolls back, or commits unreported.
public struct DeadlineAccountStorage: AccountStorage {
    /// The storage that answers.
    public let base: any AccountStorage
    /// The deadline of each call and transaction.
    public let deadline: StoreDeadline

    /// Wraps `base`.
    public init(_ base: any AccountStorage, deadline: StoreDeadline) {
        self.base = base
        self.deadline = deadline
    }

    /// ``base``'s stores, each call under the deadline.
    public var stores: AccountStores {
        let stores = base.stores
        return AccountStores(
            credentials: DeadlineCredentialStore(stores.credentials, deadline: deadline),
            challenges: DeadlineChallengeStore(stores.challenges, deadline: deadline),
            users: DeadlineUserStore(stores.users, deadline: deadline),
            sessions: DeadlineSessionStore(stores.sessions, deadline: deadline),
            usedChallenges: stores.usedChallenges.map { DeadlineUsedChallengeStore($0, deadline: deadline) }
        )
    }

    /// ``base``'s transaction under the deadline.
    public func withTransaction<Result: Sendable>(
        _ body: @escaping @Sendable (AccountStores) async throws -> Result
    ) async throws -> Result {
        try await deadline.run { [base] in try await base.withTransaction(body) }
    }

    /// ``base``'s sign-in commit under the deadline, as one transaction.
    public func commitSignIn(_ signIn: SignInCommit) async throws -> SignInCommit.Outcome {
        try await deadline.run { [base] in try await base.commitSignIn(signIn) }
    }
}
#endif
