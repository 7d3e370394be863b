#if Server
import Foundation
import PasskeyAccounts
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// A display name, a passkey's nickname or a username made only of what shows as nothing (joiners, combining marks,
/// variation selectors, fillers) is `malformedInput` saying so; a name with one visible character, an emoji
/// sequence joined by U+200D among them, is accepted.
@Suite(.alsoUnderAHostPrefix) struct VisibleNameTests {
    /// Names that show as empty: ZWJ, ZWJ and ZWNJ, combining acute accents, an enclosing circle, a variation
    /// selector, the Hangul filler.
    static let invisible = [
        "\u{200D}", "\u{200D}\u{200C}\u{200D}", "\u{0301}", "\u{0301}\u{0301}\u{0301}", "\u{20DD}", "\u{FE0F}",
        "\u{3164}", "\u{200D}\u{0301}", "\u{2800}", "\u{2800}\u{200D}",
    ]

    @Test(arguments: invisible)
    func aNameOfNothingVisibleIsRefused(name: String) {
        for member in ["displayName", "nickname"] {
            let error = #expect(throws: WebAuthnError(.malformedInput, "")) {
                try AccountText.name(name, member: member)
            }
            #expect(
                error?.message == "\(member) has no visible character: only white space, joiners, combining marks "
                    + "or other characters that show as nothing")
        }
        let error = #expect(throws: WebAuthnError(.malformedInput, "")) { try AccountText.username(name) }
        #expect(error?.message.contains("username") == true)
    }

    @Test(arguments: [
        "Alice Smith", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F44D}\u{1F3FD}", "Rene\u{0301}e",
        "\u{2764}\u{FE0F}", "\u{0915}\u{094D}\u{200D}\u{0937}",
    ])
    func aNameWithAVisibleCharacterIsAccepted(name: String) throws {
        #expect(try AccountText.name(name, member: "nickname") == name.precomposedStringWithCanonicalMapping)
    }

    @Test func theRoutesRefuseAnInvisibleDisplayNameAndNickname() async throws {
        try await ServerHarness.run { server in
            let options = try await server.post(
                "/attestation/options", json: AttestationOptionsRequest(username: "alice", displayName: "\u{200D}"))
            #expect(options.status == .badRequest)
            #expect(
                try ServerHarness.decode(CommonResponse.self, options).errorMessage.contains("no visible character"))
            var authenticator = ServerHarness.authenticator()
            let (registration, answer) = try await server.signUp("alice", with: &authenticator)
            let owner = server.signedIn(answer.sessionToken)
            let id = Base64URL.encode(registration.credentialID)
            let rename = try await owner.post(
                "/credentials/\(id)/rename", json: NameChangeRequest(nickname: "\u{0301}"))
            #expect(rename.status == .badRequest)
            #expect(try ServerHarness.failureCode(rename) == "malformedInput")
            let renamed = try await owner.post(
                "/credentials/\(id)/rename", json: NameChangeRequest(nickname: "\u{1F469}\u{200D}\u{1F4BB}"))
            try ServerHarness.expectOK(renamed)
            let displayName = try await owner.post(
                "/account/display-name", json: NameChangeRequest(displayName: "\u{200D}\u{200D}"))
            #expect(displayName.status == .badRequest)
            #expect(try ServerHarness.failureCode(displayName) == "malformedInput")
        }
    }
}
#endif
