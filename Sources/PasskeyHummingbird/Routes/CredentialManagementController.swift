#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdAuth
import PasskeyAccounts
import PasskeyHTTP
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
    /// The accounts and their passkeys.
    public let service: AccountService
    /// How authenticators are named.
    public let naming: AuthenticatorNaming

    /// Creates the controller.
    public init(service: AccountService, naming: AuthenticatorNaming) {
        self.service = service
        self.naming = naming
    }

    /// Adds the routes, inside the ``RejectionMiddleware`` of ``PasskeyServerApplication``.
    func addRoutes(to router: some RouterMethods<Context>) {
        router.group()
            .add(middleware: SessionRequiredMiddleware<Context>())
            .get("credentials", use: list)
            .post("credentials/:credentialID/rename", use: rename)
            .delete("credentials/:credentialID", use: delete)
            .post("account/display-name", use: changeDisplayName)
    }

    /// `GET /credentials`.
    @Sendable func list(request: Request, context: Context) async throws -> Response {
        let session = try context.requireIdentity()
        let (account, records) = try await service.passkeys(of: session.record)
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
        let credentialID = try credentialID(in: context)
        let body = try await RequestBodyReader.decode(NameChangeRequest.self, from: request)
        guard try await service.renamePasskey(credentialID, nickname: body.nickname, of: session.record) else {
            throw Self.notFound
        }
        return try JSONResponse.make(CommonResponse.ok)
    }

    /// `DELETE /credentials/{id}`: the service's deletion, one commit: the passkey (never the last one of an account
    /// without Sign in with Apple, `409 lastCredential`), the sessions begun with it and the account's pending
    /// registrations (WebAuthn Level 3 §13.4.3).
    @Sendable func delete(request: Request, context: Context) async throws -> Response {
        let session = try context.requireIdentity()
        let credentialID = try credentialID(in: context)
        guard let deletion = try await service.deletePasskey(credentialID, of: session.record) else {
            throw Self.notFound
        }
        context.logger.info(
            "passkey deleted",
            metadata: [
                "credentialID": "\(Base64URL.encode(credentialID))", "sessionsEnded": "\(deletion.sessionsEnded)",
            ]
        )
        return try JSONResponse.make(
            SignalResponse(unknownCredential: relyingParty.signalUnknownCredential(credentialID: credentialID))
        )
    }

    /// `POST /account/display-name`.
    @Sendable func changeDisplayName(request: Request, context: Context) async throws -> Response {
        let session = try context.requireIdentity()
        let body = try await RequestBodyReader.decode(NameChangeRequest.self, from: request)
        let account = try await service.setDisplayName(body.displayName, of: session.record)
        return try JSONResponse.make(SignalResponse(currentUserDetails: try currentUserDetails(account)))
    }

    /// The relying party of the Signal API's JSON.
    private var relyingParty: RelyingParty { service.relyingParty }

    /// The credential ID the path names; `404` when it is not one.
    private func credentialID(in context: Context) throws -> [UInt8] {
        guard let text = context.parameters.get("credentialID"), text.utf8.count <= 1400,
            let identifier = Base64URL.decode(text)
        else {
            throw Self.notFound
        }
        return identifier
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

    private static var notFound: RouteRefusal {
        RouteRefusal(
            .notFound,
            WebAuthnError.Code.unknownCredential.name,
            "the signed-in account has no passkey with this credential ID"
        )
    }
}
#endif
