import PasskeyVerifier
import Testing

/// Origins compared exactly against the expected list (WebAuthn Level 3
/// §7.1 `#rp-op-registering-a-new-credential-step-origin`, §7.2 `#rp-op-verifying-assertion-step-origin`, §13.4.9),
/// including the opaque origins of native apps.
@Suite struct OriginPolicyTests {
    static let iOSApp = "ios:bundle-id:com.example.app"
    static let androidApp = "android:apk-key-hash:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
    static let originMismatch = WebAuthnError(.originMismatch, "")

    /// none-es256's assertion from `origin`, signed again over the changed client data.
    static func assertion(from origin: String, expecting origins: Set<String>) throws -> AuthenticationCeremony {
        try AuthenticationCeremony.noneES256().resigned {
            $0.clientDataJSON = W3CVectors.replacing("https://example.org", with: origin, in: $0.clientDataJSON)
            $0.expectations.origins = origins
        }
    }

    @Test func anOpaqueIOSOriginIsAcceptedWhenListed() throws {
        let ceremony = try Self.assertion(from: Self.iOSApp, expecting: ["https://example.org", Self.iOSApp])
        #expect(String(decoding: ceremony.clientDataJSON, as: UTF8.self).contains(Self.iOSApp))
        #expect(try ceremony.verify().userPresent)
    }

    @Test func anOpaqueIOSOriginIsRejectedWhenNotListed() throws {
        let ceremony = try Self.assertion(from: Self.iOSApp, expecting: ["https://example.org"])
        #expect(throws: Self.originMismatch) { try ceremony.verify() }
    }

    @Test func anotherAppsBundleIDIsRejected() throws {
        let ceremony = try Self.assertion(from: "ios:bundle-id:com.example.other", expecting: [Self.iOSApp])
        #expect(throws: Self.originMismatch) { try ceremony.verify() }
    }

    @Test func anAndroidAppOriginIsAcceptedWhenListedInARegistration() throws {
        let ceremony = RegistrationCeremony.noneES256.with {
            $0.clientDataJSON = W3CVectors.replacing(
                "https://example.org", with: Self.androidApp, in: $0.clientDataJSON)
            $0.expectations.origins = [Self.androidApp]
        }
        #expect(try ceremony.verify().format == "none")
        let unlisted = ceremony.with { $0.expectations.origins = ["https://example.org"] }
        #expect(throws: Self.originMismatch) { try unlisted.verify() }
    }

    @Test func anyOfSeveralExpectedOriginsIsAccepted() throws {
        let verified = try AuthenticationCeremony.noneES256().with {
            $0.expectations.origins = ["https://example.com", "https://example.org", Self.iOSApp]
        }.verify()
        #expect(verified.credentialID == W3CVectors.bytes(ModelTestVectors.noneES256CredentialID))
    }

    /// Origins are compared byte for byte: no case folding, no default-port normalisation.
    @Test(arguments: ["https://EXAMPLE.org", "https://example.org:443"])
    func originsAreComparedExactly(origin: String) throws {
        let ceremony = try Self.assertion(from: origin, expecting: ["https://example.org"])
        #expect(throws: Self.originMismatch) { try ceremony.verify() }
    }
}
