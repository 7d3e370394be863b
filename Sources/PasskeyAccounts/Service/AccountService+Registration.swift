import Foundation
import PasskeyVerifier

/// Registration (WebAuthn Level 3 §7.1): sign-up, a passkey added by the account's session, and an `apple:`
/// account's first passkey.
extension AccountService {
    /// What a client asks to register.
    public struct RegistrationRequest: Sendable {
        /// The username as typed; empty to add a passkey to the session's own account.
        public var username: String
        /// The display name as typed (§5.4.3 `user.displayName`), `nil` for the username.
        public var displayName: String?
        /// The client's choices for this ceremony, with the operator's user verification applied by the service.
        public var overrides: RegistrationCeremonyOverrides
        /// The ticket of `POST /auth/apple` for an `apple:` account's first passkey.
        public var appleRegistrationTicket: String?

        /// Creates the request.
        public init(
            username: String,
            displayName: String? = nil,
            overrides: RegistrationCeremonyOverrides = RegistrationCeremonyOverrides(),
            appleRegistrationTicket: String? = nil
        ) {
            self.username = username
            self.displayName = displayName
            self.overrides = overrides
            self.appleRegistrationTicket = appleRegistrationTicket
        }
    }

    /// A finished registration.
    public struct Registration: Sendable {
        /// The account the passkey belongs to, created by this registration or not.
        public let account: Account
        /// The stored credential and what was verified.
        public let completed: CompletedRegistration
        /// The session started: for a new account, or an `apple:` account admitted by its ticket; `nil` when a
        /// passkey was added to an account.
        public let session: IssuedSession?
    }

    /// Creation options (§5.4) for a new account, or for the account of `session`, whose `excludeCredentials` lists
    /// its passkeys. An existing username without its session is `accountExists`, except in the
    /// ``Configuration/conformance`` mode; an account at its passkey limit is `credentialLimitReached`. A passkey
    /// added with a session is bound to that session's token hash, so that it cannot finish once the session ended.
    public func beginRegistration(
        _ request: RegistrationRequest,
        session: SessionRecord?
    ) async throws -> PublicKeyCredentialCreationOptionsJSON {
        var overrides = request.overrides
        overrides.userVerification = configuration.userVerification(askedFor: overrides.userVerification)
        let displayName = try AccountText.name(request.displayName ?? "", member: "displayName")
        let user = try await registeringUser(request, displayName: displayName, session: session)
        if let existing = user.existing {
            let count = try await storage.stores.credentials.credentials(forUserHandle: existing.userHandle).count
            guard count < configuration.maximumPasskeysPerAccount else {
                throw Self.limitReached(configuration.maximumPasskeysPerAccount)
            }
        }
        return try await relyingParty.beginRegistration(
            for: user.entity,
            overrides: overrides,
            hostBinding: user.session.map { Base64URL.encode($0.tokenHash) }
        )
    }

    /// Finishes a registration (§7.1): takes the challenge in a commit of its own (so that of every response naming
    /// it, one is answered), refuses a registration bound to a session that has ended (`sessionRequired`, before
    /// anything is verified), verifies the response holding no connection and no lock, then in one transaction:
    /// checks the bound session again, holds the account, creates the account of a sign-up (`accountExists` when
    /// another sign-up of the name finished first) or checks the account's passkey count (`credentialLimitReached`),
    /// stores the credential (`credentialAlreadyRegistered`), and starts the session of a sign-up or of an `apple:`
    /// account admitted by its ticket, ending the account's oldest beyond the limit. The transaction commits once, or
    /// nothing.
    ///
    /// - Parameters:
    ///   - body: the client's `RegistrationResponseJSON` (§5.1) or an iOS app's native body.
    ///   - session: the request's live session, if any: a registration for its account starts no other session.
    ///   - userAgent: the client's `User-Agent` as the session keeps it (escaped and cut by the adapter).
    public func finishRegistration(
        json body: [UInt8],
        session: SessionRecord?,
        userAgent: String
    ) async throws -> Registration {
        var relyingParty = self.relyingParty
        if let trustPolicy = try await self.trustPolicy?() {
            relyingParty = relyingParty.trusting(trustPolicy)
        }
        let read = try RelyingParty.readRegistration(json: body)
        let taken = try await relyingParty.takeChallenge(of: read)
        let now = self.now
        let outside = storage.stores
        let sessions = outside.sessions
        let writes = DeferredCredentialWrites(reading: outside.credentials)
        let completed = try await relyingParty.using(credentialStore: writes, challengeStore: TakenChallenge(taken))
            .finishRegistration(
                read,
                admitting: { issued in try await Self.requireBoundSession(of: issued, in: sessions, at: now) }
            )
        guard let issued = taken, let record = await writes.inserted else {
            throw WebAuthnError(.challengeNotFound, "the registration was not finished against its challenge")
        }
        let configuration = self.configuration
        let service = self
        return try await storage.withTransaction { stores in
            try await stores.users.lockAccount(userHandle: completed.userHandle)
            try await Self.requireBoundSession(of: issued, in: stores.sessions, at: now)
            let account: Account
            let created: Bool
            let startsSession: Bool
            if let existing = try await stores.users.account(forUserHandle: completed.userHandle) {
                let count = try await stores.credentials.credentials(forUserHandle: existing.userHandle).count
                guard count < configuration.maximumPasskeysPerAccount else {
                    throw Self.limitReached(configuration.maximumPasskeysPerAccount)
                }
                account = existing
                created = false
                startsSession =
                    completed.hostBinding == nil && AppleAccountUsername.isReserved(existing.username)
                    && !configuration.conformance
            } else {
                guard let user = completed.user else {
                    throw WebAuthnError(.challengeNotFound, "the registration was begun before this server version")
                }
                account = Account(
                    username: user.name,
                    userHandle: completed.userHandle,
                    displayName: user.displayName == user.name ? nil : user.displayName
                )
                created = true
                startsSession = true
            }
            // The credential ID first (§7.1 `#sctn-registering-a-new-credential` step "credentialId not yet
            // registered"), then the account of a sign-up; the transaction makes the order invisible otherwise.
            guard try await stores.credentials.insert(record) else { throw Self.alreadyRegistered(record.id) }
            if created, !(try await stores.users.createAccount(account)) {
                throw AccountError(.accountExists, "another registration of this username finished first")
            }
            guard startsSession, session?.userHandle != account.userHandle else {
                return Registration(account: account, completed: completed, session: nil)
            }
            let issued = try await service.startSession(
                userHandle: account.userHandle,
                credentialID: completed.credentialID,
                userAgent: userAgent,
                in: stores
            )
            return Registration(account: account, completed: completed, session: issued)
        }
    }

    /// `credentialAlreadyRegistered` for `credentialID` (§7.1 `#sctn-registering-a-new-credential` step "credentialId
    /// not yet registered").
    static func alreadyRegistered(_ credentialID: [UInt8]) -> WebAuthnError {
        WebAuthnError(
            .credentialAlreadyRegistered,
            "credential ID \(Base64URL.encode(credentialID)) is already registered"
        )
    }

    /// Stores a new session of `userHandle` and ends the account's oldest beyond the limit, in `stores`' transaction.
    func startSession(
        userHandle: [UInt8],
        credentialID: [UInt8],
        userAgent: String,
        in stores: AccountStores
    ) async throws -> IssuedSession {
        let issued = configuration.sessions.issue(
            userHandle: userHandle,
            credentialID: credentialID,
            userAgent: userAgent,
            at: now
        )
        try await stores.sessions.insert(issued.record, keeping: configuration.sessions.maximumPerAccount)
        return issued
    }

    /// Refuses a registration bound to a session (`CeremonyParameters.hostBinding`, the hash of the
    /// token that began it) when that session has ended, was revoked, or is not the account's: a stolen token revoked
    /// by signing out everywhere cannot finish a registration it began.
    static func requireBoundSession(
        of issued: IssuedChallenge,
        in sessions: any SessionStore,
        at now: Int64
    ) async throws {
        guard let binding = issued.parameters.hostBinding else { return }
        guard let tokenHash = Base64URL.decode(binding),
            let session = try await sessions.session(tokenHash: tokenHash),
            session.isValid(at: now),
            session.userHandle == issued.userHandle
        else {
            throw AccountError(
                .sessionRequired,
                "the session that began adding this passkey has ended; sign in and add the passkey again"
            )
        }
    }

    /// Who a registration is for: the session's account (`session` is the session it is bound to), the `apple:`
    /// account of a registration ticket, an existing account in the conformance mode, or a new account (`existing`
    /// is `nil`).
    private func registeringUser(
        _ request: RegistrationRequest,
        displayName: String?,
        session: SessionRecord?
    ) async throws -> (entity: PublicKeyCredentialUserEntity, existing: Account?, session: SessionRecord?) {
        let users = storage.stores.users
        let requested = request.username.isEmpty ? nil : try AccountText.username(request.username)
        let existing: Account
        var boundSession: SessionRecord?
        if let requested, AppleAccountUsername.isReserved(requested) {
            existing = try await appleAccount(requested, ticket: request.appleRegistrationTicket)
        } else if let session, let account = try await users.account(forUserHandle: session.userHandle),
            requested == nil || requested == account.username
        {
            existing = account
            boundSession = session
        } else if let requested {
            if configuration.conformance {
                let handle = try await users.userHandle(
                    forUsername: requested,
                    proposing: try relyingParty.generateUserHandle()
                )
                existing =
                    try await users.account(forUserHandle: handle)
                    ?? Account(username: requested, userHandle: handle)
            } else if try await users.existingUserHandle(forUsername: requested) != nil {
                throw AccountError(
                    .accountExists,
                    "this username is taken: sign in to add a passkey to it, or choose another username"
                )
            } else {
                let entity = PublicKeyCredentialUserEntity(
                    id: try relyingParty.generateUserHandle(),
                    name: requested,
                    displayName: displayName ?? requested
                )
                return (entity, nil, nil)
            }
        } else {
            throw WebAuthnError(.malformedInput, "username is empty (an empty username needs a session)")
        }
        let entity = PublicKeyCredentialUserEntity(
            id: existing.userHandle,
            name: existing.username,
            displayName: displayName ?? existing.shownName
        )
        return (entity, existing, boundSession)
    }

    /// The `apple:` account a registration ticket of Sign in with Apple names, taking the ticket.
    private func appleAccount(_ username: String, ticket: String?) async throws -> Account {
        let users = storage.stores.users
        guard let ticket, SessionToken.isWellFormed(Substring(ticket)),
            let taken = try await users.takeAppleSignInSecret(ticket, purpose: .registrationTicket, at: clock()),
            AccountText.normalize(taken.username) == username,
            let handle = try await users.existingUserHandle(forUsername: taken.username)
        else {
            throw WebAuthnError(
                .challengeNotFound,
                "a passkey is added to an account starting with \(AppleAccountUsername.prefix) only with the "
                    + "appleRegistrationTicket POST /auth/apple just returned for it; this one is missing, "
                    + "unknown, used, expired or for another account"
            )
        }
        return try await users.account(forUserHandle: handle)
            ?? Account(username: taken.username, userHandle: handle)
    }
}
