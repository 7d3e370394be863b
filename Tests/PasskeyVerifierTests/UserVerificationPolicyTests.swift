import PasskeyVerifier
import Testing

/// ``UserVerificationRequirement`` in both ceremonies (WebAuthn Level 3 §5.8.6; §7.1
/// `#reg-ceremony-verify-user-verified`, §7.2 `#rp-op-verifying-assertion-step-user-verified`).
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

    /// uvInitialized becomes true with the first verified assertion and never goes back (§4 credential record).
    @Test func userVerificationInitializedOnlyEverTurnsOn() throws {
        let first = try AuthenticationCeremony.packedES256().with {
            $0.credential.userVerificationInitialized = false
        }.verify()
        #expect(first.updatedCredentialRecord.userVerificationInitialized)
        let later = try AuthenticationCeremony.packedES256().resigned {
            $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: 0x09)
            $0.credential.userVerificationInitialized = true
        }.verify()
        #expect(!later.userVerified)
        #expect(later.updatedCredentialRecord.userVerificationInitialized)
    }
}
