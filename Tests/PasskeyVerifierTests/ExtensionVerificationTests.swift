import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Extensions the verifiers act on (§7.1 `#reg-ceremony-verify-extension-outputs`,
/// §7.2 `#authn-ceremony-verify-extension-outputs`): an enforced `credProtect`, `appid` (§10.1.1), conditional create
/// (§7.1 `#sctn-registering-a-new-credential` step "UP"), and PRF results that never print.
@Suite struct ExtensionVerificationTests {
    static let challenge = [UInt8](repeating: 0x42, count: 32)
    static let extensionMismatch = WebAuthnError(.extensionMismatch, "")

    static func registrationExpectations(
        extensions: AuthenticationExtensionsClientInputsJSON? = nil,
        mediation: CredentialMediationRequirement = .optional
    ) -> RegistrationExpectations {
        RegistrationExpectations(
            relyingPartyID: "example.com",
            origins: ["https://example.com"],
            challenge: challenge,
            verificationInstant: Date(timeIntervalSince1970: 1_750_000_000),
            mediation: mediation,
            extensions: extensions
        )
    }

    static let enforcedUVRequired = AuthenticationExtensionsClientInputsJSON(
        credentialProtectionPolicy: .userVerificationRequired,
        enforceCredentialProtectionPolicy: true
    )

    /// A registration whose authenticator data carries `outputs` as extension outputs.
    static func registration(outputs: [(String, CBORValue)]?) throws -> RegistrationResponse {
        var authenticator = VirtualAuthenticator()
        authenticator.extensions = outputs.map { entries in
            CBORMap(entries: entries.map { CBORMap.Entry(key: .textString($0.0), value: $0.1) })
        }
        return try authenticator.register(challenge: challenge, userHandle: nil).response
    }

    static func verify(
        _ response: RegistrationResponse,
        _ expectations: RegistrationExpectations
    ) throws(WebAuthnError) -> VerifiedRegistration {
        try RegistrationVerifier().verify(response, expecting: expectations)
    }

    @Test func anEnforcedCredProtectIsMetByTheSameOrAStrongerLevel() throws {
        let verified = try Self.verify(
            try Self.registration(outputs: [
                ("credProtect", .unsignedInteger(3)), ("minPinLength", .unsignedInteger(6)),
            ]),
            Self.registrationExpectations(extensions: Self.enforcedUVRequired)
        )
        #expect(verified.authenticatorData.credentialProtectionPolicy == .userVerificationRequired)
        #expect(verified.authenticatorData.minimumPINLength == 6)
        let weaker = AuthenticationExtensionsClientInputsJSON(
            credentialProtectionPolicy: .userVerificationOptionalWithCredentialIDList,
            enforceCredentialProtectionPolicy: true
        )
        _ = try Self.verify(
            try Self.registration(outputs: [("credProtect", .unsignedInteger(3))]),
            Self.registrationExpectations(extensions: weaker)
        )
    }

    @Test(arguments: [
        [("credProtect", CBORValue.unsignedInteger(1))],
        [("credProtect", CBORValue.unsignedInteger(2))],
        [("credProtect", CBORValue.unsignedInteger(4))],
        [("credProtect", CBORValue.textString("userVerificationRequired"))],
        [("minPinLength", CBORValue.unsignedInteger(4))],
    ])
    func anEnforcedCredProtectThatIsWeakerOrMissingFails(outputs: [(String, CBORValue)]) throws {
        let response = try Self.registration(outputs: outputs)
        #expect(throws: Self.extensionMismatch) {
            try Self.verify(response, Self.registrationExpectations(extensions: Self.enforcedUVRequired))
        }
    }

    @Test func aCredProtectThatIsNotEnforcedIsOnlyReported() throws {
        let requested = AuthenticationExtensionsClientInputsJSON(credentialProtectionPolicy: .userVerificationRequired)
        let verified = try Self.verify(
            try Self.registration(outputs: nil), Self.registrationExpectations(extensions: requested))
        #expect(verified.authenticatorData.credentialProtectionPolicy == nil)
    }

    @Test func conditionalCreateAcceptsUPClearAndNothingElseDoes() throws {
        var authenticator = VirtualAuthenticator(flags: [.userVerified, .backupEligible, .backupState])
        let response = try authenticator.register(challenge: Self.challenge, userHandle: nil).response
        let verified = try Self.verify(response, Self.registrationExpectations(mediation: .conditional))
        #expect(!verified.userPresent)
        for mediation in CredentialMediationRequirement.allCases where mediation != .conditional {
            #expect(throws: WebAuthnError(.userNotPresent, ""), "\(mediation)") {
                try Self.verify(response, Self.registrationExpectations(mediation: mediation))
            }
        }
        var wrongRP = VirtualAuthenticator(relyingPartyID: "example.org", origin: "https://example.com", flags: [])
        let other = try wrongRP.register(challenge: Self.challenge, userHandle: nil).response
        #expect(throws: WebAuthnError(.rpIdMismatch, "")) {
            try Self.verify(other, Self.registrationExpectations(mediation: .conditional))
        }
    }

    /// A U2F-era credential whose assertions are made for the AppID `https://example.com/appid.json`.
    struct AppIDSignIn {
        static let appID = "https://example.com/appid.json"
        let response: AuthenticationResponse
        let record: CredentialRecord

        init(reportsAppID: Bool?) throws {
            var authenticator = VirtualAuthenticator(relyingPartyID: Self.appID, origin: "https://example.com")
            let registration = try authenticator.register(
                challenge: ExtensionVerificationTests.challenge, userHandle: nil)
            authenticator.clientExtensionResults.appid = reportsAppID
            response = try authenticator.authenticate(challenge: ExtensionVerificationTests.challenge).response
            record = CredentialRecord(id: registration.credentialID, publicKey: registration.credential.publicKey)
        }

        func verify(requesting appID: String?) throws(WebAuthnError) -> VerifiedAuthentication {
            try AuthenticationVerifier().verify(
                response,
                expecting: AuthenticationExpectations(
                    relyingPartyID: "example.com",
                    origins: ["https://example.com"],
                    challenge: ExtensionVerificationTests.challenge,
                    appID: appID
                ),
                credential: record
            )
        }
    }

    @Test func anAppIDAssertionPassesOnlyWhenRequestedAndReported() throws {
        let signIn = try AppIDSignIn(reportsAppID: true)
        #expect(try signIn.verify(requesting: AppIDSignIn.appID).usedAppID)
        #expect(throws: WebAuthnError(.rpIdMismatch, "")) { try signIn.verify(requesting: nil) }
        #expect(throws: WebAuthnError(.rpIdMismatch, "")) { try signIn.verify(requesting: "https://other.example/a") }
        for reported in [false, nil] as [Bool?] {
            let unreported = try AppIDSignIn(reportsAppID: reported)
            #expect(throws: WebAuthnError(.rpIdMismatch, "")) { try unreported.verify(requesting: AppIDSignIn.appID) }
        }
    }

    @Test func aRequestedAppIDDoesNotStopAnOrdinaryAssertion() throws {
        var authenticator = VirtualAuthenticator()
        let registration = try authenticator.register(challenge: Self.challenge, userHandle: nil)
        let assertion = try authenticator.authenticate(challenge: Self.challenge)
        let verified = try AuthenticationVerifier().verify(
            assertion.response,
            expecting: AuthenticationExpectations(
                relyingPartyID: "example.com",
                origins: ["https://example.com"],
                challenge: Self.challenge,
                appID: AppIDSignIn.appID
            ),
            credential: CredentialRecord(id: registration.credentialID, publicKey: registration.credential.publicKey)
        )
        #expect(!verified.usedAppID)
    }

    @Test func prfResultsNeverPrint() throws {
        let secret: [UInt8] = Array("a secret that must not be logged".utf8)
        let outputs = AuthenticationExtensionsClientOutputsJSON(
            prf: .init(enabled: true, results: AuthenticationExtensionsPRFValuesJSON(first: secret, second: secret))
        )
        let encodedSecret = Base64URL.encode(secret)
        for text in [String(describing: outputs), String(reflecting: outputs), "\(outputs)"] {
            #expect(!text.contains(encodedSecret), "\(text)")
        }
        var dumped = ""
        dump(outputs, to: &dumped)
        #expect(!dumped.contains(encodedSecret))
        #expect(outputs.prf?.results?.firstBytes == secret)
        let json = String(decoding: try JSONEncoder().encode(outputs), as: UTF8.self)
        #expect(json.contains(encodedSecret))
    }
}
