import PasskeyCrypto
import PasskeyVerifier
import Testing

/// `RegistrationExpectations.acceptedAttestationTypes` (§7.1 `#reg-ceremony-assess-trust`), exact origin
/// comparison (§13.4.9) and the user-handle bound (§5.4.3).
@Suite struct AttestationTypePolicyTests {
    static let attestationRequired: Set<AttestationType> = [.basic, .attCA, .anonCA]

    @Test func everyAttestationTypeIsAcceptedByDefault() throws {
        #expect(try RegistrationCeremony.noneES256.verify().attestationType == AttestationType.none)
        #expect(try RegistrationCeremony.packedSelfES256().verify().attestationType == .self)
    }

    @Test func noneAttestationFailsWhenTheRelyingPartyRequiresATrustPath() {
        let ceremony = RegistrationCeremony.noneES256.with {
            $0.expectations.acceptedAttestationTypes = Self.attestationRequired
        }
        #expect(throws: WebAuthnError(.untrustedAttestation, "")) { try ceremony.verify() }
    }

    @Test func selfAttestationFailsWhenTheRelyingPartyRequiresATrustPath() throws {
        let ceremony = try RegistrationCeremony.packedSelfES256().with {
            $0.expectations.acceptedAttestationTypes = Self.attestationRequired
        }
        #expect(throws: WebAuthnError(.untrustedAttestation, "")) { try ceremony.verify() }
    }

    @Test func basicAttestationPassesWhenTheRelyingPartyRequiresATrustPath() throws {
        let ceremony = try RegistrationCeremony.packedES256().with {
            $0.expectations.acceptedAttestationTypes = Self.attestationRequired
        }
        #expect(try ceremony.verify().attestationType == .basic)
    }

    @Test func anOriginThatIsOnlyCanonicallyEquivalentDoesNotMatch() {
        let challenge = Base64URL.encode(W3CVectors.bytes(W3CVectors.noneES256RegistrationChallenge))
        func registration(origin: String) -> RegistrationCeremony {
            RegistrationCeremony.noneES256.with {
                $0.clientDataJSON = Array(
                    #"{"type":"webauthn.create","challenge":"\#(challenge)","origin":"\#(origin)"}"#.utf8)
                $0.expectations.origins = ["https://caf\u{E9}.example"]
            }
        }
        #expect(throws: Never.self) { try registration(origin: "https://caf\u{E9}.example").verify() }
        #expect(throws: WebAuthnError(.originMismatch, "")) {
            try registration(origin: "https://cafe\u{301}.example").verify()
        }
    }

    @Test func aUserHandleLongerThan64BytesIsMalformed() throws {
        let sixtyFour = try AuthenticationCeremony.noneES256().with { $0.userHandle = Array(repeating: 7, count: 64) }
        #expect(throws: Never.self) { try sixtyFour.verify() }
        let sixtyFive = try AuthenticationCeremony.noneES256().with { $0.userHandle = Array(repeating: 7, count: 65) }
        #expect(throws: WebAuthnError(.malformedInput, "")) { try sixtyFive.verify() }
    }
}
