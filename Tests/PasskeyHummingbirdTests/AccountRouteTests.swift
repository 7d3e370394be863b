#if Server
import Foundation
import NIOConcurrencyHelpers
import PasskeyAccounts
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Who may register: a new username signs up freely, an existing one gains a passkey only with its own session,
/// the account is created when its first passkey is stored, and usernames are bounded and normalised.
@Suite(.alsoUnderAHostPrefix) struct AccountRouteTests {
    @Test func aStrangerCannotAddAPasskeyToAnExistingAccount() async throws {
        try await ServerHarness.run { server in
            try await Self.strangersAreRefused(server, name: "alice")
        }
    }

    /// A stranger's options for an existing username are `accountExists` and reveal no user handle; the owner's
    /// session gets them, with the account's passkeys excluded, and its result starts no new session.
    static func strangersAreRefused(_ server: ServerHarness, name: String) async throws {
        var authenticator = ServerHarness.authenticator()
        let (registration, answer) = try await server.signUp(name, with: &authenticator)
        #expect(answer.username == name)
        #expect(answer.sessionToken.map { SessionToken.isWellFormed(Substring($0)) } == true)

        let stranger = try await server.post("/attestation/options", json: AttestationOptionsRequest(username: name))
        #expect(stranger.status == .badRequest)
        #expect(try ServerHarness.failureCode(stranger) == "accountExists")
        #expect(String(buffer: stranger.body).contains("\"user\"") == false)

        let owner = server.signedIn(answer.sessionToken)
        let options = try await owner.creationOptions(AttestationOptionsRequest(username: ""))
        #expect(options.user.name == name)
        #expect(options.excludeCredentials.compactMap(\.credentialID) == [registration.credentialID])
        var second = ServerHarness.authenticator()
        let added = try await owner.post("/attestation/result", bytes: try second.register(options: options).jsonBytes)
        try ServerHarness.expectOK(added)
        let addedAnswer = try ServerHarness.decode(SignedInResponse.self, added)
        #expect(addedAnswer.username == name)
        #expect(addedAnswer.sessionToken == nil)
        #expect(try await server.signIn(name, with: &second).username == name)
    }

    @Test func optionsForANewUsernameCreateNoAccount() async throws {
        try await ServerHarness.run(prepare: { _ in }) { server in
            _ = try await server.creationOptions(AttestationOptionsRequest(username: "zed"))
            let signIn = try await server.post("/assertion/options", json: AssertionOptionsRequest(username: "zed"))
            #expect(try ServerHarness.failureCode(signIn) == "unknownCredential")
            var authenticator = ServerHarness.authenticator()
            try await server.register("zed", with: &authenticator)
        }
    }

    @Test func ofTwoSignUpsOfOneNameTheFirstToFinishWins() async throws {
        try await ServerHarness.run { server in
            let first = try await server.creationOptions(AttestationOptionsRequest(username: "race"))
            let second = try await server.creationOptions(AttestationOptionsRequest(username: "race"))
            #expect(first.user.id != second.user.id)
            var winner = ServerHarness.authenticator()
            var loser = ServerHarness.authenticator()
            let losing = try loser.register(options: second)
            try ServerHarness.expectOK(
                try await server.post("/attestation/result", bytes: try winner.register(options: first).jsonBytes))
            let refused = try await server.post("/attestation/result", bytes: losing.jsonBytes)
            #expect(refused.status == .badRequest)
            #expect(try ServerHarness.failureCode(refused) == "accountExists")
            let options = try await server.requestOptions(AssertionOptionsRequest(username: "race"))
            #expect(options.allowCredentials.count == 1)
            #expect(throws: VirtualAuthenticatorError.self) { try loser.authenticate(options: options) }
            let discoverable = try await server.requestOptions(AssertionOptionsRequest())
            let orphan = try await server.post(
                "/assertion/result", bytes: try loser.authenticate(options: discoverable).jsonBytes)
            #expect(try ServerHarness.failureCode(orphan) == "unknownCredential")
        }
    }

    @Test func anAccountHoldsAtMostTheConfiguredNumberOfPasskeys() async throws {
        var configuration = ServerHarness.configuration
        configuration.maximumPasskeysPerAccount = 2
        try await ServerHarness.run(configuration: configuration) { server in
            var first = ServerHarness.authenticator()
            let owner = server.signedIn(try await server.signUp("full", with: &first).answer.sessionToken)
            var second = ServerHarness.authenticator()
            try await owner.register("full", with: &second)
            let third = try await owner.post("/attestation/options", json: AttestationOptionsRequest(username: "full"))
            #expect(third.status == .badRequest)
            #expect(try ServerHarness.failureCode(third) == "credentialLimitReached")
        }
    }

    @Test func theConformanceModeLetsAnyoneExtendAnAccount() async throws {
        var configuration = ServerHarness.configuration
        configuration.conformance = true
        try await ServerHarness.run(configuration: configuration) { server in
            var owner = ServerHarness.authenticator()
            let registration = try await server.register("open", with: &owner)
            let options = try await server.creationOptions(AttestationOptionsRequest(username: "open"))
            #expect(options.excludeCredentials.compactMap(\.credentialID) == [registration.credentialID])
            var stranger = ServerHarness.authenticator()
            try await server.register("open", with: &stranger)
            #expect(try await server.signIn("open", with: &stranger).username == "open")
        }
    }

    @Test(arguments: [
        "a" + String(repeating: "\u{0301}", count: 120),
        String(repeating: "x", count: 65),
        "nul\u{0000}name",
        "line\nbreak",
        "tab\tname",
        "two words",
        "bidi\u{202E}txt",
        "\u{2028}",
    ])
    func aUsernameOverTheByteLimitOrWithControlCharactersIsRefused(username: String) async throws {
        try await ServerHarness.run { server in
            let response = try await server.post(
                "/attestation/options", json: AttestationOptionsRequest(username: username))
            #expect(response.status == .badRequest)
            #expect(try ServerHarness.failureCode(response) == "malformedInput")
            let signIn = try await server.post("/assertion/options", json: AssertionOptionsRequest(username: username))
            #expect(try ServerHarness.failureCode(signIn) == "malformedInput")
        }
    }

    @Test func twoSpellingsOfOneNameAreOneAccount() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            #expect(try await server.signUp("Ren\u{00E9}e", with: &authenticator).answer.username == "ren\u{00E9}e")
            for spelling in ["rene\u{0301}e", "RENÉE", "\u{FF32}en\u{00E9}e"] {
                let response = try await server.post(
                    "/attestation/options", json: AttestationOptionsRequest(username: spelling))
                #expect(try ServerHarness.failureCode(response) == "accountExists")
                let options = try await server.requestOptions(AssertionOptionsRequest(username: spelling))
                #expect(options.allowCredentials.count == 1)
            }
        }
    }

    @Test func theApplePrefixIsComparedOnBytes() async throws {
        try await ServerHarness.run { server in
            for username in ["apple:\u{0301}000123.abc.0001", "APPLE:000123.abc.0001", "\u{FF41}pple:x"] {
                let response = try await server.post(
                    "/attestation/options", json: AttestationOptionsRequest(username: username))
                #expect(try ServerHarness.failureCode(response) == "challengeNotFound")
            }
        }
    }

    @Test func unknownUsernamesCanBeConcealed() async throws {
        var configuration = ServerHarness.configuration
        configuration.concealsUnknownUsernames = true
        try await ServerHarness.run(configuration: configuration) { server in
            let first = try await server.requestOptions(AssertionOptionsRequest(username: "ghost"))
            let second = try await server.requestOptions(AssertionOptionsRequest(username: "ghost"))
            #expect((1...2).contains(first.allowCredentials.count))
            #expect(first.allowCredentials.allSatisfy { [16, 20, 32, 64].contains($0.credentialID?.count ?? 0) })
            #expect(first.allowCredentials == second.allowCredentials)
            #expect(first.challenge != second.challenge)
            // Other names get other shapes: the count, the lengths and the transports vary with the name.
            var shapes: Set<String> = []
            for index in 0..<24 {
                let options = try await server.requestOptions(AssertionOptionsRequest(username: "ghost-\(index)"))
                shapes.insert(
                    options.allowCredentials.map { "\($0.credentialID?.count ?? 0)\($0.transports ?? [])" }.joined())
            }
            #expect(shapes.count > 4)
        }
    }

    /// Two instances (two routers on two stores) with one `concealmentKey` make up the same options for an unknown
    /// username, so a client whose requests reach both cannot tell it from a known one; without it they differ.
    @Test func instancesWithOneConcealmentKeyMakeUpTheSameOptions() async throws {
        var configuration = ServerHarness.configuration
        configuration.concealsUnknownUsernames = true
        let made = NIOLockedValueBox<[[PublicKeyCredentialDescriptorJSON]]>([])
        for key in [[UInt8](repeating: 7, count: 32), [UInt8](repeating: 7, count: 32), nil] {
            configuration.concealmentKey = key
            try await ServerHarness.run(configuration: configuration) { server in
                let options = try await server.requestOptions(AssertionOptionsRequest(username: "ghost"))
                made.withLockedValue { $0.append(options.allowCredentials) }
            }
        }
        let lists = made.withLockedValue { $0 }
        try #require(lists.count == 3)
        #expect((1...2).contains(lists[0].count))
        #expect(lists[0] == lists[1])
        #expect(lists[0] != lists[2])
    }

    /// A configured concealment key shorter than 32 bytes (an empty one would make the IDs anyone's SHA-256 of the
    /// name) or longer than 4 096 is refused when the routes are made.
    @Test func aConcealmentKeyOutside32To4096BytesIsRefused() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            var configuration = ServerHarness.configuration
            configuration.concealsUnknownUsernames = true
            var accepted: [Int: Bool] = [:]
            for count in [0, 31, 32, 4096, 4097] {
                configuration.concealmentKey = [UInt8](repeating: 1, count: count)
                accepted[count] =
                    (try? PasskeyServerApplication.makeRouter(configuration: configuration, storage: storage)) != nil
            }
            #expect(accepted == [0: false, 31: false, 32: true, 4096: true, 4097: false])
        }
    }

    /// With concealment, another account's discoverable passkey answering an unknown username's options fails as it
    /// does on a real account's, so a sign-in cannot probe which usernames exist.
    @Test func aConcealedUsernameCannotBeProbedWithAnotherPasskey() async throws {
        var configuration = ServerHarness.configuration
        configuration.concealsUnknownUsernames = true
        try await ServerHarness.run(configuration: configuration) { server in
            var alice = ServerHarness.authenticator()
            try await server.register("alice", with: &alice)
            var mallory = ServerHarness.authenticator()
            try await server.register("mallory", with: &mallory)
            var codes: [String] = []
            for username in ["alice", "ghost"] {
                let options = try await server.requestOptions(AssertionOptionsRequest(username: username))
                let challenge = try #require(Base64URL.decode(options.challenge))
                let assertion = try mallory.authenticate(challenge: challenge)
                let response = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
                #expect(response.status == .badRequest)
                codes.append(try ServerHarness.failureCode(response))
            }
            #expect(codes.count == 2 && codes[0] == codes[1])
        }
    }

    @Test func normalisationIsIdempotentAndKeepsAppleUsernames() throws {
        for name in ["Ren\u{00E9}e", "\u{FB01}ne", "İstanbul", "apple:001234.abcdef.0001", "ÅNGSTRÖM"] {
            let once = try AccountText.username(name)
            #expect(try AccountText.username(once) == once)
        }
        #expect(try AccountText.username("apple:001234.abcdef.0001") == "apple:001234.abcdef.0001")
        #expect(try AccountText.name("", member: "nickname") == nil)
        #expect(throws: WebAuthnError(.malformedInput, "")) { try AccountText.name(" padded", member: "nickname") }
    }
}
#endif
