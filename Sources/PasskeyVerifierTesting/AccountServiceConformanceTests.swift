import Foundation
import PasskeyAccounts
import PasskeyVerifier

/// A reusable conformance suite for ``PasskeyAccounts/AccountService`` over a host's
/// ``PasskeyAccounts/AccountStorage``, without HTTP: every ceremony is a real one, answered by a
/// ``VirtualAuthenticator`` from the options the service returned, and every refusal is pinned to its
/// ``PasskeyAccounts/AccountError/Code`` or ``PasskeyVerifier/WebAuthnError/Code``. It checks what the service
/// promises in one commit per step (WebAuthn Level 3 §7.1, §7.2, §13.4.3): a sign-up stores an account, its passkey
/// and a session or nothing; a lost race for a username stores no credential without an account; a passkey added by
/// a session that has ended is refused; the passkey and session limits hold under concurrency; a refused sign-in
/// commits nothing and consumes its challenge; a deletion follows the last-passkey rule and ends the passkey's
/// sessions and the account's pending registrations; concealed usernames look like real ones.
///
/// Run it from the host's test target as ``AccountStorageConformanceTests`` is run:
///
/// ```swift
/// let service = AccountServiceConformanceTests(
///     storage: { try await MyAccountStorage(testDatabase()) },
///     openSecond: { try await MyAccountStorage(testDatabase()) }
/// )
///
/// @Test(arguments: service.checks)
/// func accountServiceConformance(_ check: StoreConformanceTests.Check) async throws {
///     try await check.run()
/// }
/// ```
///
/// With `openSecond`, each check runs one service over each storage and spreads its steps and races over both, as
/// two server processes on one database would. Every check uses fresh random usernames, user handles and credentials,
/// so checks may share one database and run at once.
public struct AccountServiceConformanceTests: Sendable {
    /// The RP ID of the checks' relying party and authenticators.
    public static let relyingPartyID = "example.com"
    /// The origin of the checks' relying party and authenticators.
    public static let origin = "https://example.com"
    /// The most passkeys an account holds in the checks (``PasskeyAccounts/AccountService/Configuration``).
    public static let passkeyLimit = 3
    /// The most sessions an account keeps in the checks (``PasskeyAccounts/SessionIssuing/maximumPerAccount``).
    public static let sessionLimit = 4
    /// The `User-Agent` the checks' sessions keep.
    public static let userAgent = "AccountServiceConformanceTests"

    /// Makes the storage a check's first service runs on.
    public let makeStorage: @Sendable () async throws -> any AccountStorage
    /// Opens a second storage over the database ``makeStorage`` opens (another connection or pool), or `nil` when
    /// there is none (a storage in memory): both services of a check then run on the first.
    public let openSecond: (@Sendable () async throws -> any AccountStorage)?
    /// Whether the services seal their sign-in challenges (``PasskeyAccounts/AccountService/Configuration/challengeSealer``,
    /// one key for both), so that single use rests on the storage's ``PasskeyAccounts/AccountStores/usedChallenges``.
    public let sealsChallenges: Bool

    /// Creates the suite.
    ///
    /// - Parameters:
    ///   - storage: returns the storage to check; called once per check.
    ///   - openSecond: returns a second storage over the same database as `storage`, or `nil` (the default).
    ///   - sealsChallenges: whether the services seal sign-in challenges; a storage without used challenges stores
    ///     them anyway.
    public init(
        storage: @escaping @Sendable () async throws -> any AccountStorage,
        openSecond: (@Sendable () async throws -> any AccountStorage)? = nil,
        sealsChallenges: Bool = false
    ) {
        self.makeStorage = storage
        self.openSecond = openSecond
        self.sealsChallenges = sealsChallenges
    }

    /// Every check.
    public var checks: [StoreConformanceTests.Check] {
        [
            .init("checkSignUpCreatesTheAccountItsPasskeyAndASession") {
                try await checkSignUpCreatesTheAccountItsPasskeyAndASession()
            },
            .init("checkASignUpOfATakenUsernameStoresNothing") {
                try await checkASignUpOfATakenUsernameStoresNothing()
            },
            .init("checkConcurrentSignUpsOfOneUsernameLetOneWin") {
                try await checkConcurrentSignUpsOfOneUsernameLetOneWin()
            },
            .init("checkAPasskeyAddedWithTheSessionIsStoredWithoutASession") {
                try await checkAPasskeyAddedWithTheSessionIsStoredWithoutASession()
            },
            .init("checkARegistrationWhoseSessionEndedStoresNothing") {
                try await checkARegistrationWhoseSessionEndedStoresNothing()
            },
            .init("checkThePasskeyLimitHoldsUnderConcurrentFinishes") {
                try await checkThePasskeyLimitHoldsUnderConcurrentFinishes()
            },
            .init("checkSignInByNameAndDiscoverableStartsASessionAndAdvancesTheCounter") {
                try await checkSignInByNameAndDiscoverableStartsASessionAndAdvancesTheCounter()
            },
            .init("checkASessionBeyondTheLimitEndsTheOldest") { try await checkASessionBeyondTheLimitEndsTheOldest() },
            .init("checkConcurrentSignInsOfOneSyncedPasskeyAllCommit") {
                try await checkConcurrentSignInsOfOneSyncedPasskeyAllCommit()
            },
            .init("checkARefusedSignInCommitsNothingAndConsumesItsChallenge") {
                try await checkARefusedSignInCommitsNothingAndConsumesItsChallenge()
            },
            .init("checkDeletingAPasskeyKeepsTheLastAndEndsItsSessionsAndPendingRegistrations") {
                try await checkDeletingAPasskeyKeepsTheLastAndEndsItsSessionsAndPendingRegistrations()
            },
            .init("checkConcurrentDeletesOfTwoPasskeysLeaveOne") {
                try await checkConcurrentDeletesOfTwoPasskeysLeaveOne()
            },
            .init("checkConcealedUsernamesLookRealAndRefuseAnotherAccountsPasskey") {
                try await checkConcealedUsernamesLookRealAndRefuseAnotherAccountsPasskey()
            },
            .init("checkSignOutAndSignOutEverywhereEndSessions") {
                try await checkSignOutAndSignOutEverywhereEndSessions()
            },
            .init("checkDisplayNameAndNicknameRoundTrip") { try await checkDisplayNameAndNicknameRoundTrip() },
            .init("checkSignInWithAppleLinksOnceAndItsTicketAdmitsAPasskey") {
                try await checkSignInWithAppleLinksOnceAndItsTicketAdmitsAPasskey()
            },
        ]
    }

    /// Runs every check, even after one fails.
    ///
    /// - Throws: a ``StoreConformanceTests/Failure`` naming every failed check.
    public func runAll() async throws {
        var failures: [String] = []
        for check in checks {
            do {
                try await check.run()
            } catch {
                failures.append(
                    error is StoreConformanceTests.Failure ? "\(error)" : "\(check.name): the service threw \(error)"
                )
            }
        }
        guard failures.isEmpty else {
            throw StoreConformanceTests.Failure(
                check: "runAll()",
                message: "\(failures.count) of \(checks.count) checks failed:\n" + failures.joined(separator: "\n")
            )
        }
    }

    // MARK: - Registration

    /// A sign-up stores the account (its username finds its user handle), its one credential and a session whose
    /// record is stored under the SHA-256 of the token it returned; a second finish of the same response is
    /// `challengeNotFound` and stores no credential and no session.
    public func checkSignUpCreatesTheAccountItsPasskeyAndASession() async throws {
        let harness = try await makeHarness()
        var authenticator = Self.authenticator()
        let username = try Self.username()
        let options = try await harness.first.beginRegistration(
            .init(username: username, displayName: "Ada"),
            session: nil
        )
        let registration = try authenticator.register(options: options)
        let finished = try await harness.second.finishRegistration(
            json: registration.jsonBytes, session: nil, userAgent: Self.userAgent)
        guard let issued = finished.session else { throw failure("the sign-up started no session") }
        let handle = finished.account.userHandle
        try require(
            finished.account.username == username && finished.account.displayName == "Ada",
            "the sign-up returned the account \(finished.account)"
        )
        let stores = harness.stores
        let account = try await stores.users.account(forUserHandle: handle)
        try require(account == finished.account, "the account reads back as \(String(describing: account))")
        let found = try await stores.users.existingUserHandle(forUsername: username)
        try require(found == handle, "the username finds the handle \(StoreConformanceTests.describe(found))")
        let record = try await stores.credentials.credential(withID: registration.credentialID)
        try require(
            record?.userHandle == handle,
            "the credential reads back as \(StoreConformanceTests.summary(record)), not the account's"
        )
        let differences = Self.differences(record, finished.completed.credentialRecord)
        try require(
            differences.isEmpty,
            "the stored credential differs from the one the sign-up returned in \(differences.joined(separator: ", "))"
        )
        try await requireCredentials(of: handle, are: [registration.credentialID], in: stores, "after the sign-up")
        let tokenHash = SessionToken.hash(Substring(issued.token))
        try require(issued.record.tokenHash == tokenHash, "the session's record is not stored under its token's hash")
        let session = try await stores.sessions.session(tokenHash: tokenHash)
        try require(session == issued.record, "the session reads back as \(String(describing: session))")
        try require(
            session?.userHandle == handle && session?.credentialID == registration.credentialID
                && session?.userAgent == Self.userAgent,
            "the session is not the account's, begun with its passkey by \(Self.userAgent)"
        )

        try await requireRefusal(.challengeNotFound, "a second finish of the same sign-up") {
            try await harness.first.finishRegistration(
                json: registration.jsonBytes, session: nil, userAgent: Self.userAgent)
        }
        try await requireCredentials(of: handle, are: [registration.credentialID], in: stores, "after a second finish")
        let sessions = try await stores.sessions.removeAll(userHandle: handle)
        try require(sessions == 1, "the account has \(sessions) sessions after a refused second finish, not 1")
    }

    /// Two sign-ups of one username begin; the one that finishes second is `accountExists`: neither its credential
    /// nor an account of its user handle is stored, and its challenge is consumed (re-sent: `challengeNotFound`). New
    /// options for the taken username without its session are `accountExists`.
    public func checkASignUpOfATakenUsernameStoresNothing() async throws {
        let harness = try await makeHarness()
        let username = try Self.username()
        var winner = Self.authenticator()
        var loser = Self.authenticator()
        let winnerOptions = try await harness.first.beginRegistration(.init(username: username), session: nil)
        let loserOptions = try await harness.second.beginRegistration(.init(username: username), session: nil)
        let winning = try winner.register(options: winnerOptions)
        let losing = try loser.register(options: loserOptions)
        let won = try await harness.first.finishRegistration(
            json: winning.jsonBytes, session: nil, userAgent: Self.userAgent)
        try await requireRefusal(.accountExists, "the sign-up of a username another sign-up finished first") {
            try await harness.second.finishRegistration(json: losing.jsonBytes, session: nil, userAgent: Self.userAgent)
        }
        let stores = harness.stores
        let loserHandle = Base64URL.decode(loserOptions.user.id) ?? []
        let stray = try await stores.credentials.credential(withID: losing.credentialID)
        try require(stray == nil, "the losing sign-up's credential is stored without an account")
        let strays = try await stores.credentials.credentials(forUserHandle: loserHandle)
        try require(strays.isEmpty, "the losing sign-up's user handle has \(strays.count) credentials")
        let strayAccount = try await stores.users.account(forUserHandle: loserHandle)
        try require(strayAccount == nil, "the losing sign-up's user handle has an account")
        let owner = try await stores.users.existingUserHandle(forUsername: username)
        try require(owner == won.account.userHandle, "the username no longer finds the winner's account")
        try await requireRefusal(.challengeNotFound, "the losing sign-up re-sent") {
            try await harness.first.finishRegistration(json: losing.jsonBytes, session: nil, userAgent: Self.userAgent)
        }
        try await requireRefusal(.accountExists, "new options for a taken username without its session") {
            try await harness.second.beginRegistration(.init(username: username), session: nil)
        }
        try await requireCredentials(
            of: won.account.userHandle, are: [winning.credentialID], in: stores, "after the lost sign-up")
    }

    /// Two sign-ups of one username finish at once: one creates the account, the other is `accountExists` and leaves
    /// no credential.
    public func checkConcurrentSignUpsOfOneUsernameLetOneWin() async throws {
        let harness = try await makeHarness()
        let username = try Self.username()
        var one = Self.authenticator()
        var other = Self.authenticator()
        let first = try one.register(
            options: try await harness.first.beginRegistration(.init(username: username), session: nil))
        let second = try other.register(
            options: try await harness.second.beginRegistration(.init(username: username), session: nil))
        async let firstOutcome = Self.outcome {
            try await harness.first.finishRegistration(json: first.jsonBytes, session: nil, userAgent: Self.userAgent)
        }
        async let secondOutcome = Self.outcome {
            try await harness.second.finishRegistration(json: second.jsonBytes, session: nil, userAgent: Self.userAgent)
        }
        let outcomes = [(first, await firstOutcome), (second, await secondOutcome)]
        let winners = outcomes.compactMap { registration, outcome in (try? outcome.get()).map { (registration, $0) } }
        try require(winners.count == 1, "\(winners.count) of two concurrent sign-ups of one username finished")
        for (registration, outcome) in outcomes {
            guard case .failure(let error) = outcome else { continue }
            try requireCode(.accountExists, of: error, "the concurrent sign-up that lost")
            let stray = try await harness.stores.credentials.credential(withID: registration.credentialID)
            try require(stray == nil, "the losing concurrent sign-up's credential is stored")
        }
        if let (registration, won) = winners.first {
            try await requireCredentials(
                of: won.account.userHandle, are: [registration.credentialID], in: harness.stores, "after the race")
        }
    }

    /// A passkey added with the account's session (options list the account's passkeys in `excludeCredentials`) is
    /// stored for the account and starts no session, whether the finishing request carries the session or not.
    public func checkAPasskeyAddedWithTheSessionIsStoredWithoutASession() async throws {
        let harness = try await makeHarness()
        var first = Self.authenticator()
        let account = try await signUp(harness.first, with: &first)
        let session = account.session.record
        let options = try await harness.second.beginRegistration(.init(username: ""), session: session)
        let excluded = options.excludeCredentials.compactMap(\.credentialID)
        try require(excluded == [account.credentialID], "the options exclude \(excluded.count) credentials, not 1")
        try require(
            Base64URL.decode(options.user.id) == account.handle, "the options are not for the session's account")
        var second = Self.authenticator()
        let registration = try second.register(options: options)
        let added = try await harness.first.finishRegistration(
            json: registration.jsonBytes, session: session, userAgent: Self.userAgent)
        try require(added.session == nil, "adding a passkey with the session started another session")
        try require(added.account.userHandle == account.handle, "the passkey was added to another account")

        var third = Self.authenticator()
        let later = try third.register(
            options: try await harness.first.beginRegistration(.init(username: ""), session: session))
        let addedLater = try await harness.second.finishRegistration(
            json: later.jsonBytes, session: nil, userAgent: Self.userAgent)
        try require(addedLater.session == nil, "a passkey added without the session on its finish started a session")
        try await requireCredentials(
            of: account.handle,
            are: [account.credentialID, registration.credentialID, later.credentialID],
            in: harness.stores,
            "after adding two passkeys"
        )
        let sessions = try await harness.stores.sessions.removeAll(userHandle: account.handle)
        try require(sessions == 1, "the account has \(sessions) sessions after adding passkeys, not 1")
    }

    /// A passkey whose adding session signed out between options and finish is `sessionRequired` and stores
    /// nothing, its challenge consumed; one begun before its account signed out everywhere is `challengeNotFound`
    /// (signing out everywhere cancels the account's pending registrations) and stores nothing.
    public func checkARegistrationWhoseSessionEndedStoresNothing() async throws {
        let harness = try await makeHarness()
        var authenticator = Self.authenticator()
        let account = try await signUp(harness.first, with: &authenticator)
        let signedIn = try await signIn(harness.second, account.username, with: &authenticator)

        var second = Self.authenticator()
        let bound = try second.register(
            options: try await harness.first.beginRegistration(.init(username: ""), session: signedIn.session.record))
        try await harness.second.signOut(signedIn.session.record)
        try await requireRefusal(.sessionRequired, "a passkey whose adding session signed out before its finish") {
            try await harness.first.finishRegistration(json: bound.jsonBytes, session: nil, userAgent: Self.userAgent)
        }
        let stray = try await harness.stores.credentials.credential(withID: bound.credentialID)
        try require(stray == nil, "a passkey refused for its ended session is stored")
        try await requireRefusal(.challengeNotFound, "the refused passkey re-sent with a live session") {
            try await harness.second.finishRegistration(
                json: bound.jsonBytes, session: account.session.record, userAgent: Self.userAgent)
        }

        var third = Self.authenticator()
        let cancelled = try third.register(
            options: try await harness.second.beginRegistration(.init(username: ""), session: account.session.record)
        )
        let everywhere = try await harness.first.signOutEverywhere(account.session.record)
        try require(
            everywhere.sessionsEnded == 1 && everywhere.pendingRegistrationsCancelled == 1,
            "signing out everywhere ended \(everywhere.sessionsEnded) sessions (not 1) and cancelled "
                + "\(everywhere.pendingRegistrationsCancelled) pending registrations (not 1: the refused one's "
                + "challenge must be gone)"
        )
        try await requireRefusal(.challengeNotFound, "a passkey begun before its account signed out everywhere") {
            try await harness.second.finishRegistration(
                json: cancelled.jsonBytes, session: nil, userAgent: Self.userAgent)
        }
        try await requireCredentials(
            of: account.handle, are: [account.credentialID], in: harness.stores, "after the refused passkeys")
    }

    /// An account one passkey below ``passkeyLimit`` begins two more; finished at once, one is stored and the other
    /// is `credentialLimitReached` (its challenge consumed), so the account holds the limit, and new options are
    /// `credentialLimitReached`.
    public func checkThePasskeyLimitHoldsUnderConcurrentFinishes() async throws {
        let harness = try await makeHarness()
        var authenticator = Self.authenticator()
        let account = try await signUp(harness.first, with: &authenticator)
        let session = account.session.record
        var held = [account.credentialID]
        while held.count < Self.passkeyLimit - 1 {
            var another = Self.authenticator()
            held.append(try await addPasskey(harness.second, session: session, with: &another))
        }
        var one = Self.authenticator()
        var other = Self.authenticator()
        let first = try one.register(
            options: try await harness.first.beginRegistration(.init(username: ""), session: session))
        let second = try other.register(
            options: try await harness.second.beginRegistration(.init(username: ""), session: session))
        async let firstOutcome = Self.outcome {
            try await harness.first.finishRegistration(json: first.jsonBytes, session: session, userAgent: "")
        }
        async let secondOutcome = Self.outcome {
            try await harness.second.finishRegistration(json: second.jsonBytes, session: session, userAgent: "")
        }
        let outcomes = [(first, await firstOutcome), (second, await secondOutcome)]
        let stored = try await harness.stores.credentials.credentials(forUserHandle: account.handle)
        try require(
            stored.count == Self.passkeyLimit,
            "two finishes racing for the last of \(Self.passkeyLimit) passkeys left \(stored.count)"
        )
        var losers: [VirtualRegistration] = []
        for (registration, outcome) in outcomes {
            guard case .failure(let error) = outcome else { continue }
            try requireCode(.credentialLimitReached, of: error, "the finish that lost the race for the last passkey")
            losers.append(registration)
        }
        try require(losers.count == 1, "\(2 - losers.count) of two finishes racing for the last passkey succeeded")
        for loser in losers {
            let stray = try await harness.stores.credentials.credential(withID: loser.credentialID)
            try require(stray == nil, "the passkey refused at the limit is stored")
            try await requireRefusal(.challengeNotFound, "the passkey refused at the limit re-sent") {
                try await harness.first.finishRegistration(json: loser.jsonBytes, session: session, userAgent: "")
            }
        }
        try await requireRefusal(.credentialLimitReached, "options for an account at its passkey limit") {
            try await harness.second.beginRegistration(.init(username: ""), session: session)
        }
    }

    // MARK: - Sign-in

    /// Options for an unknown username are `unknownCredential`; a sign-in by name (options listing the account's
    /// passkey) and a discoverable one (no `allowCredentials`) each start a stored session and advance the stored
    /// counter to the authenticator's; a second finish is `challengeNotFound`.
    public func checkSignInByNameAndDiscoverableStartsASessionAndAdvancesTheCounter() async throws {
        let harness = try await makeHarness()
        try await requireRefusal(.unknownCredential, "sign-in options for an unknown username") {
            try await harness.first.beginSignIn(username: try Self.username())
        }
        var authenticator = Self.authenticator()
        let account = try await signUp(harness.first, with: &authenticator)
        let named = try await harness.second.beginSignIn(username: account.username)
        let allowed = named.allowCredentials.compactMap(\.credentialID)
        try require(allowed == [account.credentialID], "the named options allow \(allowed.count) credentials, not 1")
        let assertion = try authenticator.authenticate(options: named)
        let signedIn = try await harness.first.finishSignIn(json: assertion.jsonBytes, userAgent: Self.userAgent)
        try await requireSignIn(signedIn, of: account, counter: assertion.signCount, in: harness.stores, "by name")

        let discoverable = try await harness.first.beginSignIn(username: nil)
        try require(discoverable.allowCredentials.isEmpty, "discoverable options list credentials")
        let second = try authenticator.authenticate(options: discoverable)
        let again = try await harness.second.finishSignIn(json: second.jsonBytes, userAgent: Self.userAgent)
        try await requireSignIn(again, of: account, counter: second.signCount, in: harness.stores, "discoverable")
        try await requireRefusal(.challengeNotFound, "a second finish of the same sign-in") {
            try await harness.first.finishSignIn(json: second.jsonBytes, userAgent: Self.userAgent)
        }
        let sessions = try await harness.stores.sessions.removeAll(userHandle: account.handle)
        try require(sessions == 3, "the account has \(sessions) sessions after a sign-up and two sign-ins, not 3")
    }

    /// With ``sessionLimit`` sessions, one more sign-in ends the oldest (the sign-up's) and keeps the rest.
    public func checkASessionBeyondTheLimitEndsTheOldest() async throws {
        let harness = try await makeHarness()
        var authenticator = Self.authenticator()
        let account = try await signUp(harness.first, with: &authenticator)
        var sessions = [account.session.record]
        for index in 0..<Self.sessionLimit {
            let service = index.isMultiple(of: 2) ? harness.second : harness.first
            sessions.append(try await signIn(service, account.username, with: &authenticator).session.record)
        }
        let oldest = try await harness.stores.sessions.session(tokenHash: sessions[0].tokenHash)
        try require(oldest == nil, "sign-in \(Self.sessionLimit + 1) kept the oldest session")
        for (index, session) in sessions.enumerated().dropFirst() {
            let kept = try await harness.stores.sessions.session(tokenHash: session.tokenHash)
            try require(kept == session, "session \(index + 1) of \(sessions.count) ended, not the oldest")
        }
        let left = try await harness.stores.sessions.removeAll(userHandle: account.handle)
        try require(left == Self.sessionLimit, "the account keeps \(left) sessions, not \(Self.sessionLimit)")
    }

    /// ``sessionLimit`` sign-ins of one passkey whose counter stays 0 (a synced passkey), finished at once on both
    /// services: each commits (a commit that finds the record changed by another reads it again, verifies again and
    /// commits), each starts its own session, and the record's version moved once per sign-in.
    public func checkConcurrentSignInsOfOneSyncedPasskeyAllCommit() async throws {
        let harness = try await makeHarness()
        var authenticator = VirtualAuthenticator(
            relyingPartyID: Self.relyingPartyID, origin: Self.origin, signCounter: .zero)
        let account = try await signUp(harness.first, with: &authenticator)
        let before = try await harness.stores.credentials.credential(withID: account.credentialID)
        var assertions: [[UInt8]] = []
        for _ in 0..<Self.sessionLimit {
            let options = try await harness.second.beginSignIn(username: account.username)
            assertions.append(try authenticator.authenticate(options: options).jsonBytes)
        }
        let tokens = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for (index, assertion) in assertions.enumerated() {
                let service = index.isMultiple(of: 2) ? harness.first : harness.second
                group.addTask {
                    try await service.finishSignIn(json: assertion, userAgent: Self.userAgent).session.record.tokenHash
                }
            }
            var tokens: Set<[UInt8]> = []
            for try await token in group {
                tokens.insert(token)
            }
            return tokens
        }
        try require(tokens.count == Self.sessionLimit, "\(tokens.count) distinct sessions of \(Self.sessionLimit)")
        for token in tokens {
            let session = try await harness.stores.sessions.session(tokenHash: token)
            try require(session?.userHandle == account.handle, "a concurrent sign-in's session is not stored")
        }
        let after = try await harness.stores.credentials.credential(withID: account.credentialID)
        let moved = (after?.version ?? 0) - (before?.version ?? 0)
        try require(
            moved == Int64(Self.sessionLimit), "the record's version moved \(moved) times, not once per sign-in")
    }

    /// A sign-in whose signature was tampered with is `invalidSignature`: the stored credential is unchanged
    /// (counter, version, last use), no session is stored, and the challenge is consumed: the untampered assertion
    /// is then `challengeNotFound`.
    public func checkARefusedSignInCommitsNothingAndConsumesItsChallenge() async throws {
        let harness = try await makeHarness()
        var authenticator = Self.authenticator()
        let account = try await signUp(harness.first, with: &authenticator)
        try await harness.first.signOut(account.session.record)
        let before = try await harness.stores.credentials.credential(withID: account.credentialID)
        let assertion = try authenticator.authenticate(
            options: try await harness.second.beginSignIn(username: account.username))
        try await requireRefusal(.invalidSignature, "a sign-in with a tampered signature") {
            try await harness.first.finishSignIn(json: try Self.tampered(assertion), userAgent: Self.userAgent)
        }
        try await requireUnchanged(account, since: before, in: harness.stores, "after the tampered sign-in")
        try await requireRefusal(.challengeNotFound, "the untampered assertion of a refused sign-in") {
            try await harness.second.finishSignIn(json: assertion.jsonBytes, userAgent: Self.userAgent)
        }
        try await requireUnchanged(account, since: before, in: harness.stores, "after the re-sent sign-in")
        _ = try await signIn(harness.first, account.username, with: &authenticator)
    }

    // MARK: - Management

    /// Deleting an account's only passkey is `lastCredential`; another of its passkeys is removed with the sessions
    /// begun with it (the others stay) and the account's pending registrations (one begun before then finishes
    /// `challengeNotFound`); another account's passkey, or an unknown one, is `nil` and stays.
    public func checkDeletingAPasskeyKeepsTheLastAndEndsItsSessionsAndPendingRegistrations() async throws {
        let harness = try await makeHarness()
        var first = Self.authenticator()
        let account = try await signUp(harness.first, with: &first)
        let session = account.session.record
        try await requireRefusal(.lastCredential, "deleting the account's only passkey") {
            try await harness.second.deletePasskey(account.credentialID, of: session)
        }
        let kept = try await harness.stores.credentials.credential(withID: account.credentialID)
        try require(kept != nil, "the only passkey is gone after its deletion was refused")

        var second = Self.authenticator()
        let added = try await addPasskey(harness.first, session: session, with: &second)
        let signedInWithAdded = try await signIn(harness.second, account.username, with: &second)
        try require(signedInWithAdded.completed.credentialID == added, "the sign-in did not use the added passkey")
        var third = Self.authenticator()
        let pending = try third.register(
            options: try await harness.first.beginRegistration(.init(username: ""), session: session))

        var stranger = Self.authenticator()
        let other = try await signUp(harness.second, with: &stranger)
        let foreign = try await harness.first.deletePasskey(other.credentialID, of: session)
        try require(foreign == nil, "deleting another account's passkey did not answer nil")
        let theirs = try await harness.stores.credentials.credential(withID: other.credentialID)
        try require(theirs != nil, "another account's passkey is gone after this account deleted it")
        let seen = try await harness.second.passkey(other.credentialID, of: session)
        try require(seen == nil, "another account's passkey is shown to this account")
        let unknown = try await harness.second.deletePasskey(try StoreConformanceTests.randomBytes(16), of: session)
        try require(unknown == nil, "deleting an unknown passkey did not answer nil")

        let deletion = try await harness.second.deletePasskey(added, of: session)
        try require(
            deletion?.sessionsEnded == 1,
            "deleting a passkey answered \(deletion.map { "\($0.sessionsEnded) sessions ended" } ?? "nil"), "
                + "not the 1 session begun with it"
        )
        let gone = try await harness.stores.credentials.credential(withID: added)
        try require(gone == nil, "the deleted passkey is stored")
        let endedSession = try await harness.stores.sessions.session(
            tokenHash: signedInWithAdded.session.record.tokenHash)
        try require(endedSession == nil, "the session begun with the deleted passkey lives")
        let liveSession = try await harness.stores.sessions.session(tokenHash: session.tokenHash)
        try require(liveSession == session, "the session begun with another passkey ended")
        try await requireRefusal(.challengeNotFound, "a registration begun before a passkey of its account was deleted")
        {
            try await harness.first.finishRegistration(json: pending.jsonBytes, session: session, userAgent: "")
        }
        try await requireCredentials(
            of: account.handle, are: [account.credentialID], in: harness.stores, "after the deletion")
        try await requireRefusal(.lastCredential, "deleting the passkey left") {
            try await harness.first.deletePasskey(account.credentialID, of: session)
        }
    }

    /// An account's two passkeys deleted at once: one deletion succeeds, the other is `lastCredential`, and exactly
    /// one passkey remains.
    public func checkConcurrentDeletesOfTwoPasskeysLeaveOne() async throws {
        let harness = try await makeHarness()
        var first = Self.authenticator()
        let account = try await signUp(harness.first, with: &first)
        let session = account.session.record
        var second = Self.authenticator()
        let added = try await addPasskey(harness.second, session: session, with: &second)
        async let firstOutcome = Self.outcome {
            try await harness.first.deletePasskey(account.credentialID, of: session)
        }
        async let secondOutcome = Self.outcome { try await harness.second.deletePasskey(added, of: session) }
        let outcomes = [await firstOutcome, await secondOutcome]
        var deleted = 0
        for outcome in outcomes {
            switch outcome {
            case .success(let deletion):
                try require(deletion != nil, "a concurrent deletion of an account's own passkey answered nil")
                deleted += 1
            case .failure(let error):
                try requireCode(.lastCredential, of: error, "the concurrent deletion that lost")
            }
        }
        try require(deleted == 1, "\(deleted) of two concurrent deletions of an account's two passkeys succeeded")
        let left = try await harness.stores.credentials.credentials(forUserHandle: account.handle)
        try require(left.count == 1, "two concurrent deletions left the account \(left.count) passkeys, not 1")
    }

    /// With ``PasskeyAccounts/AccountService/Configuration/concealsUnknownUsernames``, options for an unknown
    /// username look like a real account's (one or two `public-key` descriptors of 16, 20, 32 or 64 bytes with
    /// transports, the same RP ID, user verification and timeout), the same on both services. Finishing them, or a
    /// real account's options, with another account's real passkey answers the same for both, commits nothing and
    /// consumes the challenge: `invalidSignature` when the passkey returns no user handle, `credentialMismatch` when
    /// it returns its own (§7.2 step "identify the user" checks it against the decoy's). The account's own passkey
    /// still signs in.
    public func checkConcealedUsernamesLookRealAndRefuseAnotherAccountsPasskey() async throws {
        let harness = try await makeHarness(concealing: true)
        var authenticator = Self.authenticator()
        let account = try await signUp(harness.first, with: &authenticator)
        let real = try await harness.second.beginSignIn(username: account.username)
        try require(real.allowCredentials.count == 1, "a real account's options allow \(real.allowCredentials.count)")
        let unknown = try Self.username()
        let madeUp = try await harness.first.beginSignIn(username: unknown)
        try require(
            (1...2).contains(madeUp.allowCredentials.count),
            "an unknown username's options allow \(madeUp.allowCredentials.count) credentials, not 1 or 2"
        )
        for descriptor in madeUp.allowCredentials {
            let length = descriptor.credentialID?.count ?? 0
            try require(
                descriptor.type == "public-key" && [16, 20, 32, 64].contains(length)
                    && !(descriptor.transports ?? []).isEmpty,
                "an unknown username's options allow a \(length)-byte \(descriptor.type) without transports"
            )
        }
        try require(
            madeUp.rpId == real.rpId && madeUp.userVerification == real.userVerification
                && madeUp.timeout == real.timeout && madeUp.hints == real.hints
                && madeUp.challenge.count == real.challenge.count,
            "an unknown username's options differ from a real account's beyond their credentials"
        )
        let again = try await harness.second.beginSignIn(username: unknown)
        try require(
            again.allowCredentials == madeUp.allowCredentials && again.challenge != madeUp.challenge,
            "an unknown username's options list other credentials each time, or repeat a challenge"
        )

        try await harness.first.signOut(account.session.record)
        let before = try await harness.stores.credentials.credential(withID: account.credentialID)
        var otherAuthenticator = Self.authenticator()
        let other = try await signUp(harness.second, with: &otherAuthenticator)
        let cases: [(returnsUserHandle: Bool, expected: WebAuthnError.Code)] = [
            (false, .invalidSignature), (true, .credentialMismatch),
        ]
        for (returnsUserHandle, expected) in cases {
            authenticator.returnsUserHandle = returnsUserHandle
            let passkey =
                returnsUserHandle ? "another account's passkey" : "another account's passkey without its user handle"
            var answers: [String] = []
            for (username, whose) in [(unknown, "an unknown username"), (other.username, "a real account")] {
                let options = try await harness.first.beginSignIn(username: username)
                guard let challenge = options.challengeBytes else {
                    throw failure("the options' challenge is not base64url")
                }
                let assertion = try authenticator.authenticate(challenge: challenge, credentialID: account.credentialID)
                let what = "the sign-in of \(whose) with \(passkey)"
                let error = try await refusal(
                    of: { try await harness.second.finishSignIn(json: assertion.jsonBytes, userAgent: Self.userAgent) },
                    "\(what) was accepted",
                    check: #function
                )
                try requireCode(expected, of: error, what)
                answers.append(Self.describeRefusal(error))
                try await requireUnchanged(account, since: before, in: harness.stores, "after \(what)")
                try await requireRefusal(.challengeNotFound, "\(what) re-sent") {
                    try await harness.first.finishSignIn(json: assertion.jsonBytes, userAgent: Self.userAgent)
                }
            }
            try require(
                answers[0] == answers[1],
                "with \(passkey), an unknown username answers \(answers[0]) but a real account \(answers[1])"
            )
        }
        authenticator.returnsUserHandle = true
        let own = try await signIn(harness.first, account.username, with: &authenticator)
        try require(own.account.userHandle == account.handle, "the account's own passkey signed in to another account")
    }

    /// Signing out ends that session only; signing out everywhere ends every session of the account and its
    /// pending registrations, and says how many.
    public func checkSignOutAndSignOutEverywhereEndSessions() async throws {
        let harness = try await makeHarness()
        var authenticator = Self.authenticator()
        let account = try await signUp(harness.first, with: &authenticator)
        let one = try await signIn(harness.second, account.username, with: &authenticator).session.record
        let two = try await signIn(harness.first, nil, with: &authenticator).session.record
        try await harness.second.signOut(one)
        let signedOut = try await harness.stores.sessions.session(tokenHash: one.tokenHash)
        try require(signedOut == nil, "the signed-out session lives")
        for kept in [account.session.record, two] {
            let session = try await harness.stores.sessions.session(tokenHash: kept.tokenHash)
            try require(session == kept, "signing out one session ended another")
        }
        _ = try await harness.first.beginRegistration(.init(username: ""), session: two)
        let everywhere = try await harness.second.signOutEverywhere(two)
        try require(
            everywhere.sessionsEnded == 2 && everywhere.pendingRegistrationsCancelled == 1,
            "signing out everywhere ended \(everywhere.sessionsEnded) sessions (not 2) and cancelled "
                + "\(everywhere.pendingRegistrationsCancelled) pending registrations (not 1)"
        )
        for ended in [account.session.record, two] {
            let session = try await harness.stores.sessions.session(tokenHash: ended.tokenHash)
            try require(session == nil, "a session lives after signing out everywhere")
        }
        let left = try await harness.stores.sessions.removeAll(userHandle: account.handle)
        try require(left == 0, "\(left) sessions are left after signing out everywhere")
    }

    /// The display name set through the session reads back (from the stores and ``PasskeyAccounts/AccountService/
    /// passkeys(of:)``) and clears with `nil`; a control character is `malformedInput`. The account's own passkey is
    /// renamed and its nickname cleared; another account's is not (`false`, unchanged).
    public func checkDisplayNameAndNicknameRoundTrip() async throws {
        let harness = try await makeHarness()
        var authenticator = Self.authenticator()
        let account = try await signUp(harness.first, with: &authenticator)
        let session = account.session.record
        let named = try await harness.second.setDisplayName("Ada Lovelace", of: session)
        try require(named.displayName == "Ada Lovelace", "setting the display name returned \(named)")
        let stored = try await harness.stores.users.account(forUserHandle: account.handle)
        try require(stored == named, "the display name reads back as \(String(describing: stored))")
        let listed = try await harness.first.passkeys(of: session)
        try require(
            listed.account == named && listed.passkeys.map(\.id) == [account.credentialID],
            "the account's passkeys read back as \(listed.passkeys.count) of \(listed.account)"
        )
        try await requireRefusal(.malformedInput, "a display name with a control character") {
            try await harness.first.setDisplayName("Ada\u{7}", of: session)
        }
        let cleared = try await harness.first.setDisplayName(nil, of: session)
        let clearedStored = try await harness.stores.users.account(forUserHandle: account.handle)
        try require(
            cleared.displayName == nil && clearedStored?.displayName == nil
                && clearedStored?.shownName == account.username,
            "clearing the display name left \(String(describing: clearedStored?.displayName))"
        )

        let renamed = try await harness.second.renamePasskey(account.credentialID, nickname: "Laptop", of: session)
        let nickname = try await harness.stores.credentials.credential(withID: account.credentialID)?.nickname
        try require(renamed && nickname == "Laptop", "renaming the account's passkey left \(nickname ?? "nil")")
        var otherAuthenticator = Self.authenticator()
        let other = try await signUp(harness.second, with: &otherAuthenticator)
        let foreign = try await harness.first.renamePasskey(other.credentialID, nickname: "Mine", of: session)
        let theirs = try await harness.stores.credentials.credential(withID: other.credentialID)
        try require(!foreign && theirs?.nickname == nil, "another account's passkey was renamed")
        let unnamed = try await harness.first.renamePasskey(account.credentialID, nickname: nil, of: session)
        let clearedNickname = try await harness.stores.credentials.credential(withID: account.credentialID)?.nickname
        try require(unnamed && clearedNickname == nil, "clearing the nickname left \(clearedNickname ?? "nil")")
    }

    /// An issued nonce admits one Sign in with Apple (again: `challengeNotFound`), which creates the subject's
    /// `apple:` account once; its registration ticket admits one passkey (again: `challengeNotFound`), whose
    /// registration starts a session; the account, linked to Apple, may delete its last passkey.
    public func checkSignInWithAppleLinksOnceAndItsTicketAdmitsAPasskey() async throws {
        let harness = try await makeHarness()
        let subject = "001." + StoreConformanceTests.describe(try StoreConformanceTests.randomBytes(8))
        let nonce = try await harness.first.issueAppleNonce()
        let apple = try await harness.second.signInWithApple(rawNonce: nonce.value, verifiedSubject: { subject })
        try require(
            apple.username == AppleAccountUsername.username(forSubject: subject),
            "Sign in with Apple linked \(apple.username)"
        )
        try await requireRefusal(.challengeNotFound, "a Sign in with Apple nonce used twice") {
            try await harness.first.signInWithApple(rawNonce: nonce.value, verifiedSubject: { subject })
        }
        guard let handle = try await harness.stores.users.existingUserHandle(forUsername: apple.username) else {
            throw failure("Sign in with Apple created no account")
        }
        let linked = try await harness.stores.users.hasAppleSignIn(userHandle: handle)
        try require(linked, "the account Sign in with Apple created is not linked")
        let request = AccountService.RegistrationRequest(
            username: apple.username, appleRegistrationTicket: apple.registrationTicket.value)
        let options = try await harness.first.beginRegistration(request, session: nil)
        try require(Base64URL.decode(options.user.id) == handle, "the ticket's options are not the account's")
        var authenticator = Self.authenticator()
        let registration = try authenticator.register(options: options)
        let finished = try await harness.second.finishRegistration(
            json: registration.jsonBytes, session: nil, userAgent: Self.userAgent)
        guard let session = finished.session else { throw failure("the ticket's passkey started no session") }
        try require(finished.account.userHandle == handle, "the ticket's passkey was added to another account")
        try await requireRefusal(.challengeNotFound, "a registration ticket used twice") {
            try await harness.second.beginRegistration(request, session: nil)
        }
        let secondNonce = try await harness.second.issueAppleNonce()
        let again = try await harness.first.signInWithApple(rawNonce: secondNonce.value, verifiedSubject: { subject })
        try require(again.username == apple.username, "a second Sign in with Apple linked \(again.username)")
        let deletion = try await harness.first.deletePasskey(registration.credentialID, of: session.record)
        try require(deletion != nil, "an account linked to Apple could not delete its last passkey")
        try await requireCredentials(of: handle, are: [], in: harness.stores, "after deleting the Apple account's")
    }

    // MARK: - Helpers

    /// The two services of a check, one over each storage (both over the first without ``openSecond``).
    struct Harness: Sendable {
        let first: AccountService
        let second: AccountService

        /// The first storage's stores, each call its own commit.
        var stores: AccountStores { first.storage.stores }
    }

    /// An account just signed up.
    struct SignedUp: Sendable {
        let username: String
        let handle: [UInt8]
        let credentialID: [UInt8]
        let session: IssuedSession
    }

    /// The services of one check over new storages, with the suite's limits.
    func makeHarness(concealing: Bool = false) async throws -> Harness {
        let storage = try await makeStorage()
        let other = try await openSecond?() ?? storage
        let relyingParty = try RelyingParty(
            configuration: RelyingPartyConfiguration(
                relyingPartyID: Self.relyingPartyID,
                relyingPartyName: "AccountServiceConformanceTests",
                origins: [Self.origin]
            )
        )
        let configuration = AccountService.Configuration(
            maximumPasskeysPerAccount: Self.passkeyLimit,
            sessions: SessionIssuing(maximumPerAccount: Self.sessionLimit),
            concealsUnknownUsernames: concealing,
            concealmentKey: Array("AccountServiceConformanceTests concealment".utf8),
            challengeSealer: sealsChallenges
                ? try ChallengeSealer(
                    sealingWith: try ChallengeSealer.Key(identifier: 9, secret: Array(repeating: 0x5A, count: 32)),
                    relyingPartyID: Self.relyingPartyID)
                : nil
        )
        return Harness(
            first: AccountService(relyingParty: relyingParty, storage: storage, configuration: configuration),
            second: AccountService(relyingParty: relyingParty, storage: other, configuration: configuration)
        )
    }

    /// A new authenticator of the suite's RP ID whose counter adds one per assertion.
    static func authenticator() -> VirtualAuthenticator {
        VirtualAuthenticator(relyingPartyID: relyingPartyID, origin: origin, signCounter: .incrementing())
    }

    /// A fresh random username.
    static func username() throws -> String {
        "service-" + StoreConformanceTests.describe(try StoreConformanceTests.randomBytes(8))
    }

    /// Signs a new account up through `service` with a new passkey of `authenticator`.
    func signUp(
        _ service: AccountService,
        with authenticator: inout VirtualAuthenticator,
        check: String = #function
    ) async throws -> SignedUp {
        let username = try Self.username()
        let options = try await service.beginRegistration(.init(username: username), session: nil)
        let registration = try authenticator.register(options: options)
        let finished = try await service.finishRegistration(
            json: registration.jsonBytes, session: nil, userAgent: Self.userAgent)
        guard let session = finished.session else { throw failure("a sign-up started no session", check: check) }
        return SignedUp(
            username: username,
            handle: finished.account.userHandle,
            credentialID: registration.credentialID,
            session: session
        )
    }

    /// Adds a new passkey of `authenticator` to the account of `session` and returns its ID.
    func addPasskey(
        _ service: AccountService,
        session: SessionRecord,
        with authenticator: inout VirtualAuthenticator,
        check: String = #function
    ) async throws -> [UInt8] {
        let options = try await service.beginRegistration(.init(username: ""), session: session)
        let registration = try authenticator.register(options: options)
        let added = try await service.finishRegistration(
            json: registration.jsonBytes, session: session, userAgent: Self.userAgent)
        try require(added.session == nil, "adding a passkey started a session", check: check)
        return registration.credentialID
    }

    /// Signs in to `username` (discoverable when `nil`) with `authenticator`.
    func signIn(
        _ service: AccountService,
        _ username: String?,
        with authenticator: inout VirtualAuthenticator
    ) async throws -> AccountService.SignIn {
        let options = try await service.beginSignIn(username: username)
        let assertion = try authenticator.authenticate(options: options)
        return try await service.finishSignIn(json: assertion.jsonBytes, userAgent: Self.userAgent)
    }

    /// `signedIn` is a sign-in of `account`: its session is stored under its token's hash, begun with the account's
    /// passkey, whose stored counter is `counter` and last use set.
    func requireSignIn(
        _ signedIn: AccountService.SignIn,
        of account: SignedUp,
        counter: UInt32,
        in stores: AccountStores,
        _ what: String,
        check: String = #function
    ) async throws {
        try require(
            signedIn.account.userHandle == account.handle && signedIn.completed.credentialID == account.credentialID,
            "the sign-in \(what) is not of the account's passkey", check: check)
        let tokenHash = SessionToken.hash(Substring(signedIn.session.token))
        let session = try await stores.sessions.session(tokenHash: tokenHash)
        try require(
            session == signedIn.session.record && session?.userHandle == account.handle
                && session?.credentialID == account.credentialID,
            "the session of the sign-in \(what) reads back as \(String(describing: session))", check: check)
        let record = try await stores.credentials.credential(withID: account.credentialID)
        try require(
            counter > 0 && record?.signCount == counter && record?.lastUsedAt != nil,
            "after the sign-in \(what) the stored counter is \(record.map { "\($0.signCount)" } ?? "missing"), not "
                + "\(counter), or its last use is not set", check: check)
    }

    /// The account's passkey is as it was `before` and the account has no session.
    func requireUnchanged(
        _ account: SignedUp,
        since before: CredentialRecord?,
        in stores: AccountStores,
        _ what: String,
        check: String = #function
    ) async throws {
        let record = try await stores.credentials.credential(withID: account.credentialID)
        try require(
            record != nil && record == before,
            "\(what), the passkey changed: counter \(before.map { "\($0.signCount)" } ?? "-") → "
                + "\(record.map { "\($0.signCount)" } ?? "missing"), version \(before.map { "\($0.version)" } ?? "-") → "
                + "\(record.map { "\($0.version)" } ?? "missing")", check: check)
        let sessions = try await stores.sessions.removeAll(userHandle: account.handle)
        try require(sessions == 0, "\(what), the account has \(sessions) sessions, not 0", check: check)
    }

    /// The account of `handle` holds exactly `expected`, in that order.
    func requireCredentials(
        of handle: [UInt8],
        are expected: [[UInt8]],
        in stores: AccountStores,
        _ what: String,
        check: String = #function
    ) async throws {
        let stored = try await stores.credentials.credentials(forUserHandle: handle).map(\.id)
        try require(
            stored == expected,
            "\(what), the account holds \(stored.count) passkeys (\(stored.map { StoreConformanceTests.describe($0) })), "
                + "not the \(expected.count) expected", check: check)
    }

    /// The fields in which `stored` differs from `returned`, instants compared to the second (what a
    /// ``PasskeyVerifier/CredentialStore`` must keep).
    static func differences(_ stored: CredentialRecord?, _ returned: CredentialRecord) -> [String] {
        guard let stored else { return ["everything: it is not stored"] }
        func sameSecond(_ one: Date?, _ other: Date?) -> Bool {
            switch (one, other) {
            case (nil, nil): true
            case (let one?, let other?): abs(one.timeIntervalSince(other)) < 1
            default: false
            }
        }
        var storedRegistration = stored.registration
        storedRegistration?.registeredAt = returned.registration?.registeredAt ?? Date(timeIntervalSince1970: 0)
        let fields: [(String, Bool)] = [
            ("id", stored.id == returned.id),
            ("publicKey", stored.publicKey == returned.publicKey),
            ("signCount", stored.signCount == returned.signCount),
            ("backupEligible", stored.backupEligible == returned.backupEligible),
            ("backupState", stored.backupState == returned.backupState),
            ("userVerificationInitialized", stored.userVerificationInitialized == returned.userVerificationInitialized),
            ("userHandle", stored.userHandle == returned.userHandle),
            ("transports", stored.transports == returned.transports),
            ("registration", storedRegistration == returned.registration),
            (
                "registration.registeredAt",
                sameSecond(stored.registration?.registeredAt, returned.registration?.registeredAt)
            ),
            ("nickname", stored.nickname == returned.nickname),
            ("lastUsedAt", sameSecond(stored.lastUsedAt, returned.lastUsedAt)),
            ("version", stored.version == returned.version),
        ]
        return fields.filter { !$0.1 }.map(\.0)
    }

    /// What `body` returned or threw.
    static func outcome<Value: Sendable>(
        _ body: @Sendable () async throws -> Value
    ) async -> Result<Value, any Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    /// The assertion's JSON with the last byte of its signature flipped.
    static func tampered(_ assertion: VirtualAssertion) throws -> [UInt8] {
        var json = assertion.json
        guard var signature = Base64URL.decode(json.response.signature), let last = signature.indices.last else {
            throw StoreConformanceTests.Failure(check: "tampered", message: "the assertion has no signature")
        }
        signature[last] ^= 0x01
        json.response.signature = Base64URL.encode(signature)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(json))
    }

    /// `AccountError.name` or `WebAuthnError.name` of `error`, or what it is.
    static func describeRefusal(_ error: any Error) -> String {
        if let error = error as? AccountError { return "AccountError.\(error.code.name) (\(error.message))" }
        if let error = error as? WebAuthnError { return "WebAuthnError.\(error.code.name) (\(error.message))" }
        return "\(type(of: error)): \(error)"
    }

    /// Runs `body`, which must throw the `AccountError` `expected`.
    func requireRefusal<Value>(
        _ expected: AccountError.Code,
        _ what: String,
        check: String = #function,
        _ body: () async throws -> Value
    ) async throws {
        let error = try await refusal(of: body, "\(what) was accepted, not refused with \(expected.name)", check: check)
        try requireCode(expected, of: error, what, check: check)
    }

    /// Runs `body`, which must throw the `WebAuthnError` `expected`.
    func requireRefusal<Value>(
        _ expected: WebAuthnError.Code,
        _ what: String,
        check: String = #function,
        _ body: () async throws -> Value
    ) async throws {
        let error = try await refusal(of: body, "\(what) was accepted, not refused with \(expected.name)", check: check)
        try requireCode(expected, of: error, what, check: check)
    }

    /// The error `body` throws; a ``StoreConformanceTests/Failure`` with `accepted` when it returns.
    func refusal<Value>(
        of body: () async throws -> Value,
        _ accepted: String,
        check: String
    ) async throws -> any Error {
        do {
            _ = try await body()
        } catch let failure as StoreConformanceTests.Failure {
            throw failure
        } catch {
            return error
        }
        throw failure(accepted, check: check)
    }

    /// `error` is the `AccountError` `expected`.
    func requireCode(
        _ expected: AccountError.Code,
        of error: any Error,
        _ what: String,
        check: String = #function
    ) throws {
        try require(
            (error as? AccountError)?.code == expected,
            "\(what) was refused with \(Self.describeRefusal(error)), not AccountError.\(expected.name)", check: check)
    }

    /// `error` is the `WebAuthnError` `expected`.
    func requireCode(
        _ expected: WebAuthnError.Code,
        of error: any Error,
        _ what: String,
        check: String = #function
    ) throws {
        try require(
            (error as? WebAuthnError)?.code == expected,
            "\(what) was refused with \(Self.describeRefusal(error)), not WebAuthnError.\(expected.name)", check: check)
    }

    /// A ``StoreConformanceTests/Failure`` of `check`.
    func failure(_ message: String, check: String = #function) -> StoreConformanceTests.Failure {
        StoreConformanceTests.Failure(check: check.replacingOccurrences(of: "()", with: ""), message: message)
    }

    /// Throws a ``StoreConformanceTests/Failure`` for `check` unless `condition` holds.
    func require(_ condition: Bool, _ message: @autoclosure () -> String, check: String = #function) throws {
        guard condition else { throw failure(message(), check: check) }
    }
}
