#if Server
import Foundation
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The user verification of every ceremony is the operator's (`--user-verification`): a client may ask for
/// stricter, never for less, except in the conformance mode (WebAuthn Level 3 §5.4.4, §5.5).
@Suite(.alsoUnderAHostPrefix) struct UserVerificationSettingTests {
    static func requiring(_ requirement: UserVerificationRequirement, conformance: Bool = false) -> ServerConfiguration
    {
        var configuration = ServerHarness.configuration
        configuration.userVerification = requirement
        configuration.conformance = conformance
        return configuration
    }

    @Test func aClientCannotAskForLessThanTheOperatorRequires() async throws {
        try await ServerHarness.run(configuration: Self.requiring(.required)) { server in
            var withoutPIN = ServerHarness.authenticator(flags: [.userPresent])
            let creation = try await server.creationOptions(
                AttestationOptionsRequest(
                    username: "alice",
                    authenticatorSelection: AuthenticatorSelectionCriteria(userVerification: .discouraged)
                )
            )
            #expect(creation.authenticatorSelection?.userVerification == .required)
            // An authenticator without a PIN that answers anyway (the low-level calls skip the client's own check).
            let registration = try withoutPIN.register(
                challenge: try #require(Base64URL.decode(creation.challenge)),
                userHandle: Base64URL.decode(creation.user.id)
            )
            let refused = try await server.post("/attestation/result", bytes: registration.jsonBytes)
            #expect(try ServerHarness.failureCode(refused) == "userNotVerified")

            var verified = ServerHarness.authenticator()
            try await server.register("alice", with: &verified)
            let options = try await server.requestOptions(
                AssertionOptionsRequest(username: "alice", userVerification: .discouraged))
            #expect(options.userVerification == .required)
            verified.flags = [.userPresent, .backupEligible, .backupState]
            let assertion = try verified.authenticate(challenge: try #require(Base64URL.decode(options.challenge)))
            let signIn = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
            #expect(try ServerHarness.failureCode(signIn) == "userNotVerified")
        }
    }

    @Test func aClientMayAskForStricter() async throws {
        try await ServerHarness.run(configuration: Self.requiring(.discouraged)) { server in
            let options = try await server.requestOptions(AssertionOptionsRequest(userVerification: .required))
            #expect(options.userVerification == .required)
            let defaults = try await server.requestOptions(AssertionOptionsRequest())
            #expect(defaults.userVerification == .discouraged)
        }
    }

    @Test func theConformanceModeKeepsTheClientsChoice() async throws {
        try await ServerHarness.run(configuration: Self.requiring(.required, conformance: true)) { server in
            let options = try await server.requestOptions(AssertionOptionsRequest(userVerification: .discouraged))
            #expect(options.userVerification == .discouraged)
        }
    }

    @Test func theSettingOrdersDiscouragedPreferredRequired() {
        let preferred = Self.requiring(.preferred)
        #expect(preferred.userVerification(askedFor: nil) == .preferred)
        #expect(preferred.userVerification(askedFor: .discouraged) == .preferred)
        #expect(preferred.userVerification(askedFor: .required) == .required)
        #expect(Self.requiring(.required).userVerification(askedFor: .preferred) == .required)
    }
}
#endif
