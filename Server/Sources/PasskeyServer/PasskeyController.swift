import Foundation
import Hummingbird
import Logging
import PasskeyVerifier

/// The ceremony routes of the FIDO Alliance conformance-test server API over a
/// ``PasskeyVerifier/RelyingParty`` (WebAuthn Level 3 §7.1 registration, §7.2 authentication):
///
/// - `POST /attestation/options` (`ServerPublicKeyCredentialCreationOptionsRequest`) → `status`, `errorMessage`
///   and the `PublicKeyCredentialCreationOptionsJSON` members (§5.4);
/// - `POST /attestation/result` (a `RegistrationResponseJSON`, §5.1, or an iOS app's native body) → `status`;
/// - `POST /assertion/options` (`ServerPublicKeyCredentialGetOptionsRequest`) → `status`, `errorMessage` and the
///   `PublicKeyCredentialRequestOptionsJSON` members (§5.5);
/// - `POST /assertion/result` (an `AuthenticationResponseJSON` or a native body) → `status` and `username`.
///
/// Every failure is a ``CommonResponse`` with the library's stable error code (``RejectionMiddleware``).
public struct PasskeyController<Context: RequestContext>: Sendable {
    /// The relying party that issues the options and verifies the results.
    public let relyingParty: RelyingParty
    /// The accounts and their user handles.
    public let userStore: any UserStore

    /// Creates the controller.
    public init(relyingParty: RelyingParty, userStore: any UserStore) {
        self.relyingParty = relyingParty
        self.userStore = userStore
    }

    /// Adds the four routes, behind ``RejectionMiddleware``.
    public func addRoutes(to router: Router<Context>) {
        router.group()
            .add(middleware: RejectionMiddleware<Context>())
            .post("attestation/options", use: attestationOptions)
            .post("attestation/result", use: attestationResult)
            .post("assertion/options", use: assertionOptions)
            .post("assertion/result", use: assertionResult)
    }

    /// `POST /attestation/options`: the user handle of the username (created on its first registration) and
    /// the creation options, whose `excludeCredentials` lists the user's credentials (§5.4.3, §5.4).
    @Sendable func attestationOptions(request: Request, context: Context) async throws -> Response {
        let body = try await RequestBodyReader.decode(AttestationOptionsRequest.self, from: request)
        let username = try Self.validated(name: body.username, member: "username")
        let displayName = try Self.validated(name: body.displayName ?? "", member: "displayName")
        if AppleAccountUsername.isReserved(username) {
            guard let ticket = body.appleRegistrationTicket, !ticket.isEmpty,
                let taken = try await userStore.takeAppleSignInSecret(ticket, purpose: .registrationTicket, at: Date()),
                taken.username == username
            else {
                throw WebAuthnError(
                    .challengeNotFound,
                    "a passkey is added to an account starting with \(AppleAccountUsername.prefix) only with the "
                        + "appleRegistrationTicket POST /auth/apple just returned for it; this one is missing, "
                        + "unknown, used, expired or for another account"
                )
            }
        }
        let userHandle = try await userStore.userHandle(
            forUsername: username,
            proposing: try relyingParty.generateUserHandle()
        )
        let options = try await relyingParty.beginRegistration(
            for: PublicKeyCredentialUserEntity(
                id: userHandle,
                name: username,
                displayName: displayName.isEmpty ? username : displayName
            ),
            overrides: body.overrides
        )
        return try JSONResponse.make(OptionsResponse(options: options))
    }

    /// `POST /attestation/result`: verifies and stores the new credential (§7.1).
    @Sendable func attestationResult(request: Request, context: Context) async throws -> Response {
        let body = try CredentialBody.normalized(try await RequestBodyReader.bytes(of: request))
        let registration = try await relyingParty.finishRegistration(json: body)
        context.logger.info(
            "passkey registered",
            metadata: [
                "credentialID": "\(Base64URL.encode(registration.credentialID))",
                "attestationFormat": "\(registration.verifiedRegistration.format)",
            ]
        )
        return try JSONResponse.make(CommonResponse.ok)
    }

    /// `POST /assertion/options`: request options listing the user's credentials, or none for a
    /// discoverable-credential sign-in when no username is given (§5.5 `allowCredentials`).
    @Sendable func assertionOptions(request: Request, context: Context) async throws -> Response {
        let body = try await RequestBodyReader.decode(AssertionOptionsRequest.self, from: request)
        var userHandle: [UInt8]?
        if let username = body.username, !username.isEmpty {
            guard let handle = try await userStore.existingUserHandle(forUsername: username) else {
                throw WebAuthnError(.unknownCredential, "no passkey is registered for the username \(username)")
            }
            userHandle = handle
        }
        let options = try await relyingParty.beginAuthentication(for: userHandle, overrides: body.overrides)
        if userHandle != nil, options.allowCredentials.isEmpty {
            throw WebAuthnError(.unknownCredential, "no passkey is registered for the username \(body.username ?? "")")
        }
        return try JSONResponse.make(OptionsResponse(options: options))
    }

    /// `POST /assertion/result`: verifies the assertion (§7.2) and answers with the username of the account.
    @Sendable func assertionResult(request: Request, context: Context) async throws -> Response {
        let body = try CredentialBody.normalized(try await RequestBodyReader.bytes(of: request))
        let authentication = try await relyingParty.finishAuthentication(json: body)
        let username = try await userStore.username(forUserHandle: authentication.userHandle) ?? ""
        context.logger.info(
            "passkey sign-in",
            metadata: [
                "credentialID": "\(Base64URL.encode(authentication.credentialID))",
                "username": "\(username)",
            ]
        )
        return try JSONResponse.make(AssertionResultResponse(username: username))
    }

    /// `name` when it is at most ``AttestationOptionsRequest/maximumNameLength`` characters; the username must
    /// not be empty either.
    private static func validated(name: String, member: String) throws -> String {
        guard name.count <= AttestationOptionsRequest.maximumNameLength else {
            throw WebAuthnError(
                .malformedInput,
                "\(member) is longer than \(AttestationOptionsRequest.maximumNameLength) characters"
            )
        }
        guard member != "username" || !name.isEmpty else {
            throw WebAuthnError(.malformedInput, "username is empty")
        }
        return name
    }
}
