import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The client data codes (§7.1 `#sctn-registering-a-new-credential` steps "C.type" … "C.topOrigin",
/// §7.2 `#sctn-verifying-assertion` likewise): typeMismatch, challengeMismatch, originMismatch and
/// crossOriginNotAllowed. Authentication cases whose client data changed are signed again with the W3C credential key,
/// so only the checked member is wrong.
@Suite struct ErrorCodeClientDataTests {
    static let cases: [ErrorCase] = [
        // challengeMismatch: an expected challenge under 16 bytes is refused before it is compared (§13.4.3)
        ErrorCase(
            .challengeMismatch, "registration verified against an empty expected challenge",
            messageContains: "at least 16"
        ) {
            _ = try RegistrationCeremony.noneES256.with { $0.expectations.challenge = [] }.verify()
        },
        ErrorCase(
            .challengeMismatch, "authentication verified against a 15-byte expected challenge",
            messageContains: "15 bytes"
        ) {
            _ = try AuthenticationCeremony.noneES256().with {
                $0.expectations.challenge = Array($0.expectations.challenge.prefix(15))
            }.verify()
        },
        // typeMismatch
        ErrorCase(.typeMismatch, "registration with webauthn.get client data", messageContains: "webauthn.get") {
            let authentication = try AuthenticationCeremony.noneES256()
            _ = try RegistrationCeremony.noneES256.with {
                $0.clientDataJSON = authentication.clientDataJSON
                $0.expectations.challenge = authentication.expectations.challenge
            }.verify()
        },
        ErrorCase(.typeMismatch, "authentication with webauthn.create client data (signed again)") {
            let registration = RegistrationCeremony.noneES256
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.clientDataJSON = registration.clientDataJSON
                $0.expectations.challenge = registration.expectations.challenge
            }.verify()
        },
        ErrorCase(.typeMismatch, "authentication with type \"payment.get\" (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.clientDataJSON = W3CVectors.replacing("webauthn.get", with: "payment.get", in: $0.clientDataJSON)
            }.verify()
        },

        // challengeMismatch
        ErrorCase(.challengeMismatch, "registration expecting another challenge") {
            _ = try RegistrationCeremony.noneES256.with {
                $0.expectations.challenge = W3CVectors.bytes(W3CVectors.noneES256AuthenticationChallenge)
            }.verify()
        },
        ErrorCase(.challengeMismatch, "authentication expecting the challenge one bit off") {
            _ = try AuthenticationCeremony.noneES256().with {
                $0.expectations.challenge = W3CVectors.flippingBit(0, ofByte: 31, in: $0.expectations.challenge)
            }.verify()
        },
        ErrorCase(.challengeMismatch, "authentication with a challenge that is not base64url (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.clientDataJSON = W3CVectors.replacing("OcDnUhQX", with: "OcDn*hQX", in: $0.clientDataJSON)
            }.verify()
        },
        ErrorCase(.challengeMismatch, "authentication expecting an empty challenge") {
            _ = try AuthenticationCeremony.noneES256().with { $0.expectations.challenge = [] }.verify()
        },

        // originMismatch
        ErrorCase(.originMismatch, "registration expecting example.com", messageContains: "https://example.org") {
            _ = try RegistrationCeremony.noneES256.with { $0.expectations.origins = ["https://example.com"] }.verify()
        },
        ErrorCase(.originMismatch, "authentication from http://example.org (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.clientDataJSON = W3CVectors.replacing("https://", with: "http://", in: $0.clientDataJSON)
            }.verify()
        },
        ErrorCase(.originMismatch, "authentication from https://example.org/ with a trailing slash (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.clientDataJSON = W3CVectors.replacing("example.org\"", with: "example.org/\"", in: $0.clientDataJSON)
            }.verify()
        },
        ErrorCase(.originMismatch, "authentication from a subdomain (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.clientDataJSON = W3CVectors.replacing("https://", with: "https://login.", in: $0.clientDataJSON)
            }.verify()
        },
        ErrorCase(.originMismatch, "registration from an unlisted iOS app") {
            _ = try RegistrationCeremony.noneES256.with {
                $0.clientDataJSON = W3CVectors.replacing(
                    "https://example.org", with: "ios:bundle-id:com.example.app", in: $0.clientDataJSON)
            }.verify()
        },

        // crossOriginNotAllowed
        ErrorCase(.crossOriginNotAllowed, "registration with crossOrigin true and no policy") {
            _ = try RegistrationCeremony.crossOrigin().verify()
        },
        ErrorCase(.crossOriginNotAllowed, "registration with a topOrigin, no policy", messageContains: "example.com") {
            _ = try RegistrationCeremony.topOrigin().verify()
        },
        ErrorCase(.crossOriginNotAllowed, "registration whose topOrigin is not in the allowed list") {
            _ = try RegistrationCeremony.topOrigin().with {
                $0.expectations.crossOrigin = .allowed(topOrigins: ["https://example.net"])
            }.verify()
        },
        ErrorCase(.crossOriginNotAllowed, "authentication with crossOrigin true and no policy (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.clientDataJSON = W3CVectors.replacing(
                    #""crossOrigin":false"#, with: #""crossOrigin":true"#, in: $0.clientDataJSON)
            }.verify()
        },
        ErrorCase(.crossOriginNotAllowed, "authentication with a topOrigin but crossOrigin false (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.clientDataJSON = W3CVectors.replacing(
                    #""crossOrigin":false"#,
                    with: #""crossOrigin":false,"topOrigin":"https://example.com""#,
                    in: $0.clientDataJSON
                )
            }.verify()
        },
    ]

    @Test(arguments: cases)
    func failsWithItsCode(_ errorCase: ErrorCase) throws {
        try errorCase.check()
    }

    @Test func crossOriginCeremoniesVerifyUnderTheirPolicy() throws {
        let crossOrigin = try RegistrationCeremony.crossOrigin().with {
            $0.expectations.crossOrigin = .allowed(topOrigins: [])
        }.verify()
        #expect(crossOrigin.format == "none")
        let topOrigin = try RegistrationCeremony.topOrigin().with {
            $0.expectations.crossOrigin = .allowed(topOrigins: ["https://example.com"])
        }.verify()
        #expect(topOrigin.format == "none")
    }

    @Test func resignedClientDataVerifiesWhenOnlyTheSignatureChanged() throws {
        let ceremony = try AuthenticationCeremony.noneES256()
        let resigned = try ceremony.resigned { _ in }
        #expect(resigned.signature != ceremony.signature)
        #expect(try resigned.verify().credentialID == ceremony.credentialID)
    }
}

@Suite struct MinimumChallengeLengthTests {
    @Test func aShortChallengeIsAcceptedOnlyWhenTheExpectationsAllowIt() throws {
        var authenticator = VirtualAuthenticator()
        let challenge: [UInt8] = Array(repeating: 7, count: 9)
        let registration = try authenticator.register(challenge: challenge, userHandle: nil)
        var expectations = RegistrationExpectations(
            relyingPartyID: "example.com",
            origins: ["https://example.com"],
            challenge: challenge,
            verificationInstant: Date()
        )
        #expect(expectations.minimumChallengeLength == 16)
        #expect(throws: WebAuthnError(.challengeMismatch, "")) {
            try RegistrationVerifier().verify(registration.response, expecting: expectations)
        }
        expectations.minimumChallengeLength = 9
        #expect(try RegistrationVerifier().verify(registration.response, expecting: expectations).signCount == 0)
    }
}
