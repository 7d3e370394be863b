import Foundation
import PasskeyCrypto
import PasskeyVerifier

/// A reusable conformance suite for a host's ``PasskeyVerifier/CredentialStore`` and
/// ``PasskeyVerifier/ChallengeStore``: it checks the guarantees the protocols document (WebAuthn Level 3
/// §7.1 `#sctn-registering-a-new-credential` step "credentialId not yet registered",
/// §7.2 `#authn-ceremony-update-credential-record`, §13.4.3) — uniqueness of credential IDs, the round trip of every
/// field of a record (registration details, nickname, last use, a `nil` user handle), insertion order, compare-and-set
/// on the record's version, rename, removal, challenge expiry and its cleanup, single take, and each of those under
/// concurrency.
///
/// Run it from the host's own test target against the host's store, backed by a real (test) database:
///
/// ```swift
/// import PasskeyVerifierTesting
/// import Testing
///
/// let conformance = StoreConformanceTests(
///     credentialStore: { try await MyCredentialStore(testDatabase()) },
///     challengeStore: { try await MyChallengeStore(testDatabase()) }
/// )
///
/// @Test(arguments: conformance.checks)
/// func storeConformance(_ check: StoreConformanceTests.Check) async throws {
///     try await check.run()
/// }
/// ```
///
/// or call ``runAll()`` from any test framework; the shipped SQLite and PostgreSQL stores run it this way in
/// their own test targets. Each check asks a factory for a store, uses fresh random credential IDs, user
/// handles and challenges, and deletes only what it inserted, so the stores need not be empty and checks may
/// share one database. A check that fails throws a ``Failure`` naming the check and what the
/// store did.
public struct StoreConformanceTests: Sendable {
    /// One check of the suite, one guarantee of WebAuthn Level 3 §7.1, §7.2 or §13.4.3 listed above, runnable
    /// on its own (for instance as a parameterized test's argument).
    public struct Check: Sendable, CustomStringConvertible {
        /// The check's name: the name of the method that runs it.
        public let name: String
        private let body: @Sendable () async throws -> Void

        init(_ name: String, _ body: @escaping @Sendable () async throws -> Void) {
            self.name = name
            self.body = body
        }

        /// Runs the check.
        ///
        /// - Throws: ``Failure`` when the store breaks a guarantee; errors the store throws, unchanged.
        public func run() async throws {
            try await body()
        }

        /// The name.
        public var description: String { name }
    }

    /// A broken guarantee (WebAuthn Level 3 §7.1, §7.2 or §13.4.3): which check, and what the store did instead.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The name of the check that failed, or `runAll()` for a summary of several failures.
        public let check: String
        /// What was expected and what the store did.
        public let message: String

        /// Creates the failure.
        public init(check: String, message: String) {
            self.check = check
            self.message = message
        }

        /// `check: message`.
        public var description: String { "\(check): \(message)" }
    }

    /// Makes the credential store a check runs against.
    public let makeCredentialStore: @Sendable () async throws -> any CredentialStore
    /// Makes the challenge store a check runs against.
    public let makeChallengeStore: @Sendable () async throws -> any ChallengeStore
    /// Makes the used-challenge store a check runs against; `nil` skips its checks.
    public let makeUsedChallengeStore: (@Sendable () async throws -> any UsedChallengeStore)?
    /// How many tasks the concurrency checks run at once.
    public let concurrency: Int

    /// Creates the suite.
    ///
    /// - Parameters:
    ///   - credentialStore: returns the credential store to check; called once per check.
    ///   - challengeStore: returns the challenge store to check; called once per check.
    ///   - usedChallengeStore: returns the used-challenge store to check (``PasskeyVerifier/UsedChallengeStore``);
    ///     called once per check; `nil` for a host without one.
    ///   - concurrency: how many tasks race in the concurrency checks (at least 2; 50 by default).
    public init(
        credentialStore: @escaping @Sendable () async throws -> any CredentialStore,
        challengeStore: @escaping @Sendable () async throws -> any ChallengeStore,
        usedChallengeStore: (@Sendable () async throws -> any UsedChallengeStore)? = nil,
        concurrency: Int = 50
    ) {
        self.makeCredentialStore = credentialStore
        self.makeChallengeStore = challengeStore
        self.makeUsedChallengeStore = usedChallengeStore
        self.concurrency = max(2, concurrency)
    }

    /// Every check: the credential store's, the challenge store's, then the used-challenge store's when there is one.
    public var checks: [Check] {
        storeChecks + (makeUsedChallengeStore.map(usedChallengeChecks(_:)) ?? [])
    }

    /// The checks of the credential and challenge stores.
    private var storeChecks: [Check] {
        [
            Check("checkInsertedRecordRoundTrips") { try await checkInsertedRecordRoundTrips() },
            Check("checkUnknownCredentialIsNotFound") { try await checkUnknownCredentialIsNotFound() },
            Check("checkCredentialsAreListedPerUserInInsertionOrder") {
                try await checkCredentialsAreListedPerUserInInsertionOrder()
            },
            Check("checkInsertRefusesAnExistingCredentialIDForAnyUser") {
                try await checkInsertRefusesAnExistingCredentialIDForAnyUser()
            },
            Check("checkUpdateAppliesWhenTheVersionIsUnchanged") {
                try await checkUpdateAppliesWhenTheVersionIsUnchanged()
            },
            Check("checkUpdateIsRefusedWhenTheVersionChanged") {
                try await checkUpdateIsRefusedWhenTheVersionChanged()
            },
            Check("checkUpdateOfAnUnknownCredentialIsRefused") {
                try await checkUpdateOfAnUnknownCredentialIsRefused()
            },
            Check("checkRenameSetsTheNicknameAndTheVersion") { try await checkRenameSetsTheNicknameAndTheVersion() },
            Check("checkRemoveDeletesOnlyThatCredential") { try await checkRemoveDeletesOnlyThatCredential() },
            Check("checkConcurrentRemovalsKeepTheLastCredential") {
                try await checkConcurrentRemovalsKeepTheLastCredential()
            },
            Check("checkConcurrentInsertsOfOneIDLetExactlyOneWin") {
                try await checkConcurrentInsertsOfOneIDLetExactlyOneWin()
            },
            Check("checkConcurrentUpdatesFromOneVersionLetExactlyOneWin") {
                try await checkConcurrentUpdatesFromOneVersionLetExactlyOneWin()
            },
            Check("checkConcurrentRenamesEachAddOneToTheVersion") {
                try await checkConcurrentRenamesEachAddOneToTheVersion()
            },
            Check("checkTakenChallengeRoundTrips") { try await checkTakenChallengeRoundTrips() },
            Check("checkChallengeIsTakenOnlyOnce") { try await checkChallengeIsTakenOnlyOnce() },
            Check("checkUnknownChallengeIsNotTaken") { try await checkUnknownChallengeIsNotTaken() },
            Check("checkExpiredChallengeIsNeverReturned") { try await checkExpiredChallengeIsNeverReturned() },
            Check("checkChallengesAreIndependent") { try await checkChallengesAreIndependent() },
            Check("checkPendingChallengesOfAUserAreRemoved") { try await checkPendingChallengesOfAUserAreRemoved() },
            Check("checkConcurrentTakesLetExactlyOneWin") { try await checkConcurrentTakesLetExactlyOneWin() },
            Check("checkExpiredChallengesAreRemoved") { try await checkExpiredChallengesAreRemoved() },
        ]
    }

    /// Runs every check, even after one fails.
    ///
    /// - Throws: the one ``Failure`` when one check failed; a ``Failure`` for `runAll()` listing every failed
    ///   check when several did. An error a store throws counts as that check's failure.
    public func runAll() async throws {
        var failures: [String] = []
        var only: (any Error)?
        for check in checks {
            do {
                try await check.run()
            } catch {
                failures.append(error is Failure ? "\(error)" : "\(check.name): the store threw \(error)")
                only = error
            }
        }
        if failures.count == 1, let only {
            throw only
        }
        guard failures.isEmpty else {
            throw Failure(
                check: "runAll()",
                message: "\(failures.count) of \(checks.count) checks failed:\n" + failures.joined(separator: "\n")
            )
        }
    }

    /// Throws a ``Failure`` for `check` unless `condition` holds.
    func require(_ condition: Bool, _ message: @autoclosure () -> String, check: String = #function) throws {
        guard condition else {
            throw Failure(check: check.replacingOccurrences(of: "()", with: ""), message: message())
        }
    }

    /// Runs `body` ``concurrency`` times at once, each with its index, and returns how many of them returned `true`.
    func concurrentTrueCount(_ body: @escaping @Sendable (Int) async throws -> Bool) async throws -> Int {
        let concurrency = self.concurrency
        return try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<concurrency {
                group.addTask { try await body(index) }
            }
            var count = 0
            for try await isTrue in group where isTrue {
                count += 1
            }
            return count
        }
    }

    /// `count` fresh random bytes.
    static func randomBytes(_ count: Int) throws -> [UInt8] {
        try SecureRandom.bytes(count: count)
    }

    /// A short hexadecimal prefix of `bytes`, for failure messages.
    static func describe(_ bytes: [UInt8]?) -> String {
        guard let bytes else { return "nil" }
        let prefix = bytes.prefix(8).map { String(format: "%02x", $0) }.joined()
        return bytes.count > 8 ? "\(prefix)… (\(bytes.count) bytes)" : prefix
    }
}
