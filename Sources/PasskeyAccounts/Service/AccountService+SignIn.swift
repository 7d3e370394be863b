import Foundation
import PasskeyVerifier

/// Sign-in (WebAuthn Level 3 §7.2): by username, or with a discoverable credential.
extension AccountService {
    /// A finished sign-in.
    public struct SignIn: Sendable {
        /// The account signed in to.
        public let account: Account
        /// The credential and what was verified.
        public let completed: CompletedAuthentication
        /// The new session.
        public let session: IssuedSession
    }

    /// Request options (§5.5) listing the account's credentials, or none for a discoverable-credential sign-in when
    /// `username` is `nil` or empty. An unknown username, or one without passkeys, is `unknownCredential`, refused
    /// before a challenge is stored, or made-up options with ``Configuration/concealsUnknownUsernames``: one or two
    /// credential IDs derived from the name and the concealment key, shaped as real accounts' are (§14.6.2). The
    /// account's credentials are read once, for an unknown name too, so that it costs the stores what a known one
    /// costs.
    public func beginSignIn(
        username given: String?,
        overrides: AuthenticationCeremonyOverrides = AuthenticationCeremonyOverrides()
    ) async throws -> PublicKeyCredentialRequestOptionsJSON {
        var overrides = overrides
        overrides.userVerification = configuration.userVerification(askedFor: overrides.userVerification)
        guard let given, !given.isEmpty else {
            return try await relyingParty.beginAuthentication(for: nil, overrides: overrides)
        }
        let username = try AccountText.username(given)
        let stores = storage.stores
        let userHandle = try await stores.users.existingUserHandle(forUsername: username)
        guard userHandle != nil || configuration.concealsUnknownUsernames else { throw Self.noPasskeyRegistered }
        let handle = userHandle ?? concealedUserHandle(for: username)
        let credentials = try await stores.credentials.credentials(forUserHandle: handle)
        if userHandle != nil, !credentials.isEmpty {
            return try await relyingParty.beginAuthentication(for: handle, allowing: credentials, overrides: overrides)
        }
        guard configuration.concealsUnknownUsernames else { throw Self.noPasskeyRegistered }
        var options = try await relyingParty.beginAuthentication(for: handle, allowing: [], overrides: overrides)
        options.allowCredentials = concealedDescriptors(for: username)
        return options
    }

    /// Finishes a sign-in (§7.2): takes the challenge in a commit of its own (so that of every response naming it,
    /// one is answered), or opens a sealed one (``Configuration/challengeSealer``); reads the credential and verifies
    /// the assertion holding no connection and no lock; then commits at once (``AccountStorage/commitSignIn(_:)``):
    /// a sealed challenge's use (a replay fails there), the counter's compare-and-set, a new session and the end of
    /// the account's oldest beyond the limit, returning the account. When the record changed since it was read, it is
    /// read again and the assertion verified against it before the next commit. A sealed challenge is used up by a
    /// failed sign-in too, in a commit of its own, and a failure whose challenge was used before is
    /// `challengeNotFound`, as with a stored challenge (a replay after the counter moved is not `signCountRegression`);
    /// when that commit fails, its store error is thrown instead of the sign-in's. With
    /// ``Configuration/concealsUnknownUsernames``, a named sign-in fails the same way, with the same store calls,
    /// whether the credential is the account's, another account's or unknown.
    ///
    /// - Parameters:
    ///   - body: the client's `AuthenticationResponseJSON` (§5.1) or an iOS app's native body.
    ///   - userAgent: the client's `User-Agent` as the session keeps it (escaped and cut by the adapter).
    public func finishSignIn(json body: [UInt8], userAgent: String) async throws -> SignIn {
        let read = try RelyingParty.readAuthentication(json: body)
        let sealed = relyingParty.openSealedChallenge(of: read)
        let taken = if let sealed { sealed } else { try await relyingParty.takeChallenge(of: read) }
        do {
            return try await finishSignIn(read, taken: taken, sealed: sealed != nil, userAgent: userAgent)
        } catch {
            guard let sealed, let used = storage.stores.usedChallenges else { throw error }
            guard try await SealedChallengeStore.recordUse(of: sealed, in: used) else { throw Self.challengeUsed }
            throw error
        }
    }

    /// Finishes a sign-in whose challenge was `taken` (or opened, when `sealed`, and then recorded as used in the
    /// commit).
    private func finishSignIn(
        _ read: ReadClientResponse<AuthenticationResponse>,
        taken: IssuedChallenge?,
        sealed: Bool,
        userAgent: String
    ) async throws -> SignIn {
        let sessions = configuration.sessions
        let now = self.now
        let committing = SignInCommitting(
            storage: storage,
            sealedChallenge: sealed ? taken : nil,
            sessionsKept: sessions.maximumPerAccount
        ) { userHandle, credentialID in
            sessions.issue(userHandle: userHandle, credentialID: credentialID, userAgent: userAgent, at: now)
        }
        let completed = try await relyingParty.using(credentialStore: committing, challengeStore: TakenChallenge(taken))
            .finishAuthentication(read, concealingAccounts: configuration.concealsUnknownUsernames)
        guard let committed = await committing.committed, committed.account.userHandle == completed.userHandle else {
            throw WebAuthnError(.challengeNotFound, "the sign-in was not finished against its challenge")
        }
        return SignIn(account: committed.account, completed: completed, session: committed.session)
    }

    /// The refusal of a sealed challenge used before, the stored challenges' own.
    static var challengeUsed: WebAuthnError {
        WebAuthnError(
            .challengeNotFound,
            "the challenge was never issued, has expired, or was already used; start the ceremony again")
    }

    /// The refusal of options for a username without a passkey when unknown usernames are not concealed.
    static var noPasskeyRegistered: WebAuthnError {
        WebAuthnError(.unknownCredential, "no passkey is registered for this username")
    }

    /// Made-up credential descriptors for `username`, derived from the name and the concealment key: the same for
    /// every request to every process with one ``Configuration/concealmentKey``, and shaped as real accounts' are,
    /// in a way the name picks: one or two passkeys, IDs of 16, 20, 32 or 64 bytes, the transports of a platform
    /// passkey or of a security key (§14.6.2).
    func concealedDescriptors(for username: String) -> [PublicKeyCredentialDescriptorJSON] {
        let name = Array(username.utf8)
        let shape = HashAlgorithm.sha256.hash(concealmentKey + [0x01] + name)
        let lengths = [16, 20, 32, 64]
        let transports = [["hybrid", "internal"], ["internal"], ["usb", "nfc"], ["hybrid", "internal"]]
        return (0..<(1 + Int(shape[0] % 2))).map { index in
            let position = UInt8(index)
            let material =
                HashAlgorithm.sha256.hash(concealmentKey + [0x02, position] + name)
                + HashAlgorithm.sha256.hash(concealmentKey + [0x03, position] + name)
            return PublicKeyCredentialDescriptorJSON(
                id: Array(material.prefix(lengths[Int(shape[1 + index] % 4)])),
                transports: transports[Int(shape[3 + index] % 4)]
            )
        }
    }

    /// A made-up user handle for an unknown `username`, bound to its challenge as an account's would be: a
    /// discoverable passkey of another account then fails on it exactly as on a real account's challenge (§7.2
    /// `#sctn-verifying-assertion` step "identify the user").
    func concealedUserHandle(for username: String) -> [UInt8] {
        HashAlgorithm.sha256.hash(concealmentKey + [0x00] + Array(username.utf8))
    }
}
