import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// ``UserVerificationRequirement`` in both ceremonies (WebAuthn Level 3 §5.8.6; §7.1
/// `#sctn-registering-a-new-credential` step "UV", §7.2 `#sctn-verifying-assertion` step "UV").
@Suite struct UserVerificationPolicyTests {
    static let userNotVerified = WebAuthnError(.userNotVerified, "")

    @Test(arguments: [UserVerificationRequirement.required, .preferred, .discouraged])
    func anAssertionWithUVPassesUnderEveryRequirement(requirement: UserVerificationRequirement) throws {
        let verified = try AuthenticationCeremony.packedES256().with {
            $0.expectations.userVerification = requirement
        }.verify()
        #expect(verified.userVerified)
    }

    @Test(arguments: [UserVerificationRequirement.preferred, .discouraged])
    func anAssertionWithoutUVPassesUnlessRequired(requirement: UserVerificationRequirement) throws {
        let verified = try AuthenticationCeremony.noneES256().with {
            $0.expectations.userVerification = requirement
        }.verify()
        #expect(!verified.userVerified)
        #expect(verified.userPresent)
    }

    @Test func anAssertionWithoutUVFailsWhenRequired() throws {
        let ceremony = try AuthenticationCeremony.noneES256().with { $0.expectations.userVerification = .required }
        #expect(throws: Self.userNotVerified) { try ceremony.verify() }
    }

    @Test func aRegistrationWithUVPassesWhenRequired() throws {
        let verified = try RegistrationCeremony.packedES256().with {
            $0.expectations.userVerification = .required
        }.verify()
        #expect(verified.userVerified)
        #expect(verified.credentialRecord().userVerificationInitialized)
    }

    @Test func aRegistrationWithoutUVPassesWhenPreferredAndFailsWhenRequired() throws {
        let preferred = try RegistrationCeremony.noneES256.verify()
        #expect(!preferred.userVerified)
        #expect(!preferred.credentialRecord().userVerificationInitialized)
        let required = RegistrationCeremony.noneES256.with { $0.expectations.userVerification = .required }
        #expect(throws: Self.userNotVerified) { try required.verify() }
    }

    /// The first verified assertion of a credential with uvInitialized false reports that UV could now be
    /// initialized, but does not set it: §7.2 `#authn-ceremony-update-credential-record` asks for additional
    /// authorization first (a host decision). A set flag is never cleared (§4 credential record).
    @Test func userVerificationInitializationIsReportedNotSet() throws {
        let first = try AuthenticationCeremony.packedES256().with {
            $0.credential.userVerificationInitialized = false
        }.verify()
        #expect(first.userVerified)
        #expect(first.userVerificationInitializationPending)
        #expect(!first.updatedCredentialRecord.userVerificationInitialized)
        let initialized = try AuthenticationCeremony.packedES256().with {
            $0.credential.userVerificationInitialized = true
        }.verify()
        #expect(!initialized.userVerificationInitializationPending)
        #expect(initialized.updatedCredentialRecord.userVerificationInitialized)
        let later = try AuthenticationCeremony.packedES256().resigned {
            $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: 0x09)
            $0.credential.userVerificationInitialized = true
        }.verify()
        #expect(!later.userVerified)
        #expect(!later.userVerificationInitializationPending)
        #expect(later.updatedCredentialRecord.userVerificationInitialized)
        let neither = try AuthenticationCeremony.packedES256().resigned {
            $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: 0x09)
            $0.credential.userVerificationInitialized = false
        }.verify()
        #expect(!neither.userVerificationInitializationPending)
    }

    @Test func theHostSetsUserVerificationInitializedThroughTheRelyingParty() async throws {
        let store = InMemoryCredentialStore()
        let relyingParty = try makeRelyingParty(credentialStore: store)
        var authenticator = VirtualAuthenticator(flags: [.userPresent])
        let registered = try await relyingParty.finishRegistration(
            try authenticator.register(options: try await relyingParty.beginRegistration(for: alice)).response)
        #expect(!registered.credentialRecord.userVerificationInitialized)
        authenticator.flags.insert(.userVerified)
        let signedIn = try await relyingParty.finishAuthentication(
            try authenticator.authenticate(options: try await relyingParty.beginAuthentication()).response)
        #expect(signedIn.userVerificationInitializationPending)
        #expect(await store.credential(withID: registered.credentialID)?.userVerificationInitialized == false)
        #expect(try await relyingParty.initializeUserVerification(credentialID: registered.credentialID))
        #expect(await store.credential(withID: registered.credentialID)?.userVerificationInitialized == true)
        let again = try await relyingParty.finishAuthentication(
            try authenticator.authenticate(options: try await relyingParty.beginAuthentication()).response)
        #expect(!again.userVerificationInitializationPending)
        #expect(try await !relyingParty.initializeUserVerification(credentialID: [9, 9, 9]))
    }
}
