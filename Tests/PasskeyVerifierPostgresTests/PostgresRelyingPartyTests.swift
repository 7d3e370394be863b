#if PostgreSQL
    import Foundation
    import PasskeyVerifier
    import PasskeyVerifierPostgres
    import PasskeyVerifierTesting
    import Testing

    /// A relying party over the PostgreSQL stores: register, rename, sign in, remove (WebAuthn Level 3 §7.1,
    /// §7.2), and the same response sent to two server processes at once signs in once.
    @Suite(.enabled("PostgreSQL answers at PASSKEY_POSTGRES_URL, or CI=true") { await PostgresTestServer.shouldRun() })
    struct PostgresRelyingPartyTests {
        static func relyingParty(_ storage: PostgresStorage, clock: ManualClock) throws -> RelyingParty {
            try RelyingParty(
                configuration: RelyingPartyConfiguration(
                    relyingPartyID: "example.com",
                    relyingPartyName: "Example",
                    origins: ["https://example.com"]
                ),
                credentialStore: storage.credentialStore,
                challengeStore: storage.challengeStore,
                clock: { clock.now }
            )
        }

        static let alice = PublicKeyCredentialUserEntity(
            id: Array("alice-user-handle".utf8),
            name: "alice@example.com",
            displayName: "Alice"
        )

        @Test func aPasskeyIsRegisteredRenamedUsedAndRemoved() async throws {
            try await PostgresTestServer.withFreshSchema { client, _ in
                let storage = try await PostgresStorage.open(client: client)
                let clock = ManualClock()
                let relyingParty = try Self.relyingParty(storage, clock: clock)
                var authenticator = VirtualAuthenticator()
                let creation = try await relyingParty.beginRegistration(for: Self.alice)
                let registered = try await relyingParty.finishRegistration(
                    json: try authenticator.register(options: creation).jsonBytes
                )
                let credentialID = registered.credentialID
                let inserted = try await storage.credentialStore.credential(withID: credentialID)
                #expect(inserted == registered.credentialRecord)
                #expect(try await storage.credentialStore.rename(credentialID: credentialID, nickname: "Work laptop"))

                clock.advance(by: 60)
                let request = try await relyingParty.beginAuthentication()
                let signedIn = try await relyingParty.finishAuthentication(
                    json: try authenticator.authenticate(options: request).jsonBytes
                )
                #expect(signedIn.userHandle == Self.alice.id)
                let stored = try await storage.credentialStore.credential(withID: credentialID)
                #expect(stored == signedIn.credentialRecord)
                #expect(stored?.nickname == "Work laptop")
                #expect(stored?.version == 2)

                #expect(try await storage.credentialStore.remove(credentialID: credentialID))
                let afterRemoval = try await relyingParty.beginAuthentication()
                let assertion = try authenticator.authenticate(options: afterRemoval)
                await #expect(throws: WebAuthnError(.unknownCredential, "")) {
                    try await relyingParty.finishAuthentication(json: assertion.jsonBytes)
                }
            }
        }

        @Test func oneResponseSentToTwoServerProcessesSignsInOnce() async throws {
            try await PostgresTestServer.withFreshSchema { client, schema in
                let clock = ManualClock()
                let first = try Self.relyingParty(try await PostgresStorage.open(client: client), clock: clock)
                var authenticator = VirtualAuthenticator()
                _ = try await first.finishRegistration(
                    json: try authenticator.register(options: try await first.beginRegistration(for: Self.alice))
                        .jsonBytes
                )
                let assertion = try authenticator.authenticate(options: try await first.beginAuthentication())
                try await PostgresTestServer.withClient(schema: schema) { otherClient in
                    let secondStorage = try await PostgresStorage.open(client: otherClient)
                    let second = try Self.relyingParty(secondStorage, clock: clock)
                    let errors = await withTaskGroup(of: WebAuthnError?.self) { group in
                        for relyingParty in [first, second] {
                            group.addTask {
                                do {
                                    _ = try await relyingParty.finishAuthentication(json: assertion.jsonBytes)
                                    return nil
                                } catch {
                                    return error as? WebAuthnError ?? WebAuthnError(.malformedInput, "\(error)")
                                }
                            }
                        }
                        return await group.reduce(into: []) { $0.append($1) }
                    }
                    #expect(errors.filter { $0 == nil }.count == 1)
                    #expect(errors.compactMap { $0 } == [WebAuthnError(.challengeNotFound, "")])
                }
            }
        }
    }
#endif
