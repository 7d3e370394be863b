import Foundation
import Hummingbird
import PasskeyVerifier

/// `POST /credentials` `{username}`: the account's passkeys as a management page lists them (``CredentialSummary``),
/// each named by its AAGUID through ``AuthenticatorNaming`` ("iCloud Keychain", "Google Password Manager", …).
///
/// An unknown username is a 400 `unknownCredential`, as for `POST /assertion/options`.
public struct CredentialListController<Context: RequestContext>: Sendable {
    /// The credential records.
    public let credentialStore: any CredentialStore
    /// The accounts.
    public let userStore: any UserStore
    /// How authenticators are named.
    public let naming: AuthenticatorNaming

    /// Creates the controller.
    public init(credentialStore: any CredentialStore, userStore: any UserStore, naming: AuthenticatorNaming) {
        self.credentialStore = credentialStore
        self.userStore = userStore
        self.naming = naming
    }

    /// Adds `POST /credentials`, behind ``RejectionMiddleware``.
    public func addRoutes(to router: Router<Context>) {
        router.group()
            .add(middleware: RejectionMiddleware<Context>())
            .post("credentials", use: list)
    }

    @Sendable func list(request: Request, context: Context) async throws -> Response {
        let body = try await RequestBodyReader.decode(CredentialListRequest.self, from: request)
        guard let userHandle = try await userStore.existingUserHandle(forUsername: body.username) else {
            throw WebAuthnError(.unknownCredential, "no account has the username \(body.username.prefix(256))")
        }
        let records = try await credentialStore.credentials(forUserHandle: userHandle)
        return try JSONResponse.make(CredentialListResponse(credentials: records.map(summary)))
    }

    private func summary(_ record: CredentialRecord) -> CredentialSummary {
        let aaguid = record.registration?.aaguid
        let named = aaguid.flatMap(naming.name(for:))
        return CredentialSummary(
            credentialID: Base64URL.encode(record.id),
            nickname: record.nickname,
            createdAt: record.registration.map { $0.registeredAt.formatted(.iso8601) },
            lastUsedAt: record.lastUsedAt.map { $0.formatted(.iso8601) },
            aaguid: aaguid?.uuidString,
            authenticatorName: named?.name,
            authenticatorIconLight: named?.iconLight,
            authenticatorIconDark: named?.iconDark,
            backedUp: record.backupState
        )
    }
}
