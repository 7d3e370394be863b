import PasskeyAuthenticatorNames
import PasskeyVerifier
import Testing

/// `AuthenticatorName`: the shipped community list parses and names the providers a management page meets most.
@Suite struct AuthenticatorNameTests {
    func name(_ uuid: String) throws -> AuthenticatorName? {
        AuthenticatorName(aaguid: try #require(AAGUID(uuidString: uuid)))
    }

    @Test func theShippedListParses() {
        #expect(AuthenticatorName.knownCount == 383)
    }

    @Test func commonProvidersAreNamedWithIcons() throws {
        let expected = [
            "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4": "Google Password Manager",
            "fbfc3007-154e-4ecc-8c0b-6e020557d7bd": "Apple Passwords",
            "bada5566-a7aa-401f-bd96-45619a55120d": "1Password",
            "08987058-cadc-4b81-b6e1-30de50dcbe96": "Windows Hello",
        ]
        for (uuid, providerName) in expected {
            let found = try #require(try name(uuid), "\(uuid)")
            #expect(found.name == providerName)
            #expect(found.iconLight?.hasPrefix("data:image/svg+xml;base64,") == true)
            #expect(found.iconDark?.hasPrefix("data:image/svg+xml;base64,") == true)
        }
    }

    @Test func theLookupIgnoresTheCaseOfTheTextualForm() throws {
        #expect(try name("EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4")?.name == "Google Password Manager")
    }

    @Test func unknownAndZeroAAGUIDsHaveNoName() throws {
        #expect(AuthenticatorName(aaguid: .zero) == nil)
        #expect(try name("01234567-89ab-cdef-0123-456789abcdef") == nil)
    }

    @Test func entriesWithoutSVGIconsStillHaveANameButNoIcon() throws {
        let acs = try #require(try name("50a45b0c-80e7-f944-bf29-f552bfa2e048"))
        #expect(acs.name == "ACS FIDO Authenticator")
        #expect(acs.iconLight == nil)
        #expect(acs.iconDark == nil)
    }
}
