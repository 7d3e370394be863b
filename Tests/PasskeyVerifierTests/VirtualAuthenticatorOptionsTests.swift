import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `VirtualAuthenticator.register(options:)` / `authenticate(options:)` read the relying party's options as a
/// browser does (§5.1.3, §5.1.4).
@Suite struct VirtualAuthenticatorOptionsTests {
    static func error(_ code: VirtualAuthenticatorError.Code) -> VirtualAuthenticatorError {
        VirtualAuthenticatorError(code, "")
    }

    @Test func aWholeFlowTakesTheChallengeUserAndRPIDFromTheOptions() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        let options = try await relyingParty.beginRegistration(for: alice)
        let registration = try authenticator.register(options: options)
        #expect(registration.credential.userHandle == alice.id)
        let completed = try await relyingParty.finishRegistration(registration.response)
        #expect(completed.userHandle == alice.id)
        let signIn = try authenticator.authenticate(options: try await relyingParty.beginAuthentication(for: alice.id))
        #expect(try await relyingParty.finishAuthentication(signIn.response).userHandle == alice.id)
        let discoverable = try authenticator.authenticate(options: try await relyingParty.beginAuthentication())
        #expect(discoverable.userHandle == alice.id)
        #expect(try await relyingParty.finishAuthentication(discoverable.response).userHandle == alice.id)
    }

    @Test func excludeCredentialsRefusesASecondCredentialOnTheSameAuthenticator() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        let first = try authenticator.register(options: try await relyingParty.beginRegistration(for: alice))
        _ = try await relyingParty.finishRegistration(first.response)
        let again = try await relyingParty.beginRegistration(for: alice)
        #expect(throws: Self.error(.invalidState)) { try authenticator.register(options: again) }
        var other = VirtualAuthenticator()
        #expect(try other.register(options: again).credential.userHandle == alice.id)
    }

    @Test func requiredUserVerificationFailsOnAnAuthenticatorWithoutIt() async throws {
        let relyingParty = try makeRelyingParty { $0.userVerification = .required }
        var securityKey = VirtualAuthenticator(flags: [.userPresent])
        let options = try await relyingParty.beginRegistration(for: alice)
        #expect(throws: Self.error(.notAllowed)) { try securityKey.register(options: options) }
        var passkey = VirtualAuthenticator()
        _ = try await relyingParty.finishRegistration(try passkey.register(options: options).response)
        let request = try await relyingParty.beginAuthentication(for: alice.id)
        #expect(request.userVerification == .required)
        passkey.flags.remove(.userVerified)
        #expect(throws: Self.error(.notAllowed)) { try passkey.authenticate(options: request) }
    }

    @Test func anotherRPIDIsASecurityError() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator(relyingPartyID: "example.org")
        let options = try await relyingParty.beginRegistration(for: alice)
        #expect(throws: Self.error(.securityError)) { try authenticator.register(options: options) }
        let request = try await relyingParty.beginAuthentication()
        #expect(throws: Self.error(.securityError)) { try authenticator.authenticate(options: request) }
    }

    @Test func theFirstAlgorithmItCanMakeIsChosen() async throws {
        let relyingParty = try makeRelyingParty()
        var options = try await relyingParty.beginRegistration(for: alice)
        var authenticator = VirtualAuthenticator()
        options.pubKeyCredParams = [
            PublicKeyCredentialParameters(algorithm: COSEAlgorithm(rawValue: -999)),
            PublicKeyCredentialParameters(algorithm: .edDSA),
            PublicKeyCredentialParameters(algorithm: .es256),
        ]
        #expect(try authenticator.register(options: options).credential.algorithm == .edDSA)
        options.pubKeyCredParams = [PublicKeyCredentialParameters(algorithm: COSEAlgorithm(rawValue: -999))]
        #expect(throws: Self.error(.unsupportedAlgorithm)) { try authenticator.register(options: options) }
    }

    @Test func credPropsReportsADiscoverableCredential() async throws {
        let relyingParty = try makeRelyingParty()
        var options = try await relyingParty.beginRegistration(for: alice)
        options.extensions = AuthenticationExtensionsClientInputsJSON(credProps: true)
        var authenticator = VirtualAuthenticator()
        let completed = try await relyingParty.finishRegistration(try authenticator.register(options: options).response)
        #expect(completed.isDiscoverable == true)
        #expect(authenticator.clientExtensionResults.credProps == nil)
    }

    @Test func aCredentialNotInAllowCredentialsIsNotUsed() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        _ = try await relyingParty.finishRegistration(
            try authenticator.register(options: try await relyingParty.beginRegistration(for: alice)).response)
        var request = try await relyingParty.beginAuthentication(for: alice.id)
        request.allowCredentials = [PublicKeyCredentialDescriptorJSON(id: [1, 2, 3])]
        #expect(throws: Self.error(.credentialNotFound)) { try authenticator.authenticate(options: request) }
    }

    @Test func aRequiredAttachmentOfAnotherKindIsNotAllowed() async throws {
        let relyingParty = try makeRelyingParty { $0.authenticatorAttachment = .crossPlatform }
        var platform = VirtualAuthenticator()
        let options = try await relyingParty.beginRegistration(for: alice)
        #expect(throws: Self.error(.notAllowed)) { try platform.register(options: options) }
        platform.authenticatorAttachment = "cross-platform"
        #expect(try platform.register(options: options).credential.userHandle == alice.id)
    }
}
