#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdAuth
import PasskeyAccounts
import PasskeyVerifier

/// Passkey management for the signed-in account, behind ``SessionRequiredMiddleware``:
///
/// - `GET /credentials`: the account's passkeys (``CredentialSummary``: nickname, provider name and icon by AAGUID,
///   created, last used, synced or device-bound, transports, whether this session used it), with the Signal API
///   arguments (``CredentialListResponse``);
/// - `POST /credentials/{id}/rename` `{"nickname": …}`;
/// - `DELETE /credentials/{id}`: removes the passkey and ends the sessions started with it; the last passkey of an
///   account without Sign in with Apple is kept (`409 lastCredential`);
/// - `POST /account/display-name` `{"displayName": …}` (WebAuthn Level 3 §5.4.3 `user.displayName`).
///
/// A credential ID that is not the account's own, another account's included, is `404 unknownCredential`, exactly
/// as an ID that does not exist: the routes reveal nothing about other accounts.
public struct CredentialManagementController<Context: AuthRequestContext>: Sendable
where Context.Identity == AuthenticatedSession {
    /// The relying party: its credential store and its Signal API JSON.
    public let relyingParty: RelyingParty
    /// The accounts.
    public let userStore: any UserStore
    /// The sessions, ended with a deleted passkey.
    public let sessionStore: any SessionStore
    /// How authenticators are named.
    public let naming: AuthenticatorNaming

    /// Creates the controller.
    public init(
        relyingParty: RelyingParty,
        userStore: any UserStore,
        sessionStore: any SessionStore,
        naming: AuthenticatorNaming
    ) {
        self.relyingParty = relyingParty
        self.userStore = userStore
        self.sessionStore = sessionStore
        self.naming = naming
    }

    /// Adds the routes.
    public func addRoutes(to router: some RouterMethods<Context>) {
        router.group()
            .add(middleware: RejectionMiddleware<Context>())
            .add(middleware: SessionRequiredMiddleware<Context>())
            .get("credentials", use: list)
            .post("credentials/:credentialID/rename", use: rename)
            .delete("credentials/:credentialID", use: delete)
            .post("account/display-name", use: changeDisplayName)
    }

    /// `GET /credentials`.
    @Sendable func list(request: Request, context: Context) async throws -> Response {
        let session = try context.requireIdentity()
        let account = try await signedInAccount(session)
        let records = try await relyingParty.credentialStore.credentials(forUserHandle: account.userHandle)
        return try JSONResponse.make(
            CredentialListResponse(
                credentials: await summaries(records, session: session),
                allAcceptedCredentials: AllAcceptedCredentialsOptionsJSON(
                    relyingPartyID: relyingParty.configuration.relyingPartyID,
                    userHandle: account.userHandle,
                    acceptedCredentialIDs: records.map(\.id)
                ),
                currentUserDetails: try currentUserDetails(account)
            ),
            headers: [.cacheControl: "no-store"]
        )
    }

    /// `POST /credentials/{id}/rename`.
    @Sendable func rename(request: Request, context: Context) async throws -> Response {
        let session = try context.requireIdentity()
        let record = try await ownCredential(context, session: session)
        let body = try await RequestBodyReader.decode(NameChangeRequest.self, from: request)
        let nickname = try AccountText.name(body.nickname ?? "", member: "nickname")
        guard try await relyingParty.credentialStore.rename(credentialID: record.id, nickname: nickname) else {
            throw Self.notFound
        }
        return try JSONResponse.make(CommonResponse.ok)
    }

    /// `DELETE /credentials/{id}`. Unless Sign in with Apple is linked, the removal is the store's atomic
    /// ``PasskeyVerifier/CredentialStore/removeUnlessLast(credentialID:ownedBy:)``, so concurrent deletes can never
    /// take an account's last passkey. The sessions begun with the passkey end before and again after the removal:
    /// none survives a removal reported as failed, nor a sign-in that raced it. The account's pending registrations
    /// end too (WebAuthn Level 3 §13.4.3), so that one begun by a session of the deleted passkey cannot finish.
    @Sendable func delete(request: Request, context: Context) async throws -> Response {
        let session = try context.requireIdentity()
        let record = try await ownCredential(context, session: session)
        let store = relyingParty.credentialStore
        let appleLinked = try await userStore.hasAppleSignIn(userHandle: session.userHandle)
        if !appleLinked, try await store.credentials(forUserHandle: session.userHandle).count <= 1 {
            throw Self.lastCredential
        }
        // The passkey's sessions end before it goes, so that a removal that commits but is reported as failed (a
        // store deadline) leaves no session of it behind for a retry, which finds the passkey gone, to miss.
        var ended = try await sessionStore.removeAll(credentialID: record.id)
        _ = try await relyingParty.challengeStore.removeAll(ceremony: .registration, userHandle: session.userHandle)
        if appleLinked {
            guard try await store.remove(credentialID: record.id) else { throw Self.notFound }
        } else {
            switch try await store.removeUnlessLast(credentialID: record.id, ownedBy: session.userHandle) {
            case .removed: break
            case .notFound: throw Self.notFound
            case .lastCredential: throw Self.lastCredential
            }
        }
        ended += try await sessionStore.removeAll(credentialID: record.id)
        context.logger.info(
            "passkey deleted",
            metadata: ["credentialID": "\(Base64URL.encode(record.id))", "sessionsEnded": "\(ended)"]
        )
        return try JSONResponse.make(
            SignalResponse(unknownCredential: relyingParty.signalUnknownCredential(credentialID: record.id))
        )
    }

    /// `POST /account/display-name`.
    @Sendable func changeDisplayName(request: Request, context: Context) async throws -> Response {
        let session = try context.requireIdentity()
        let body = try await RequestBodyReader.decode(NameChangeRequest.self, from: request)
        let displayName = try AccountText.name(body.displayName ?? "", member: "displayName")
        guard try await userStore.setDisplayName(displayName, forUserHandle: session.userHandle) else {
            throw AccountError.sessionRequired
        }
        let account = try await signedInAccount(session)
        return try JSONResponse.make(SignalResponse(currentUserDetails: try currentUserDetails(account)))
    }

    /// The session's account; a session whose account is gone is no session.
    private func signedInAccount(_ session: AuthenticatedSession) async throws -> Account {
        guard let account = try await userStore.account(forUserHandle: session.userHandle) else {
            throw AccountError.sessionRequired
        }
        return account
    }

    /// The credential the path names when the session's account owns it; `404` otherwise.
    private func ownCredential(_ context: Context, session: AuthenticatedSession) async throws -> CredentialRecord {
        guard let text = context.parameters.get("credentialID"), text.utf8.count <= 1400,
            let identifier = Base64URL.decode(text),
            let record = try await relyingParty.credentialStore.credential(withID: identifier),
            record.userHandle == session.userHandle
        else {
            throw Self.notFound
        }
        return record
    }

    private func currentUserDetails(_ account: Account) throws -> CurrentUserDetailsOptionsJSON {
        try relyingParty.signalCurrentUserDetails(
            for: PublicKeyCredentialUserEntity(
                id: account.userHandle,
                name: account.username,
                displayName: account.shownName
            )
        )
    }

    private func summaries(_ records: [CredentialRecord], session: AuthenticatedSession) async
        -> [CredentialSummary]
    {
        var summaries: [CredentialSummary] = []
        for record in records {
            summaries.append(await summary(record, session: session))
        }
        return summaries
    }

    private func summary(_ record: CredentialRecord, session: AuthenticatedSession) async -> CredentialSummary {
        let aaguid = record.registration?.aaguid
        let named: (name: String, iconLight: String?, iconDark: String?)? =
            if let aaguid { await naming.name(for: aaguid) } else { nil }
        return CredentialSummary(
            credentialID: Base64URL.encode(record.id),
            nickname: record.nickname,
            createdAt: record.registration.map { $0.registeredAt.formatted(.iso8601) },
            lastUsedAt: record.lastUsedAt.map { $0.formatted(.iso8601) },
            aaguid: aaguid?.uuidString,
            authenticatorName: named?.name,
            authenticatorIconLight: named?.iconLight,
            authenticatorIconDark: named?.iconDark,
            backupEligible: record.backupEligible,
            backedUp: record.backupState,
            transports: ReportedTransports.kept(record.transports),
            usedByThisSession: record.id == session.record.credentialID
        )
    }

    private static var lastCredential: AccountError {
        AccountError(.lastCredential, "this is the account's only passkey: add another one before deleting it")
    }

    private static var notFound: RouteRefusal {
        RouteRefusal(
            .notFound,
            WebAuthnError.Code.unknownCredential.name,
            "the signed-in account has no passkey with this credential ID"
        )
    }
}
#endif
