#if SQLite
    import Foundation
    import PasskeyVerifier
    import PasskeyVerifierSQLite
    import PasskeyVerifierTesting
    import Testing

    /// A relying party over the SQLite stores: register, rename, sign in, remove (WebAuthn Level 3 §7.1, §7.2).
    @Suite struct SQLiteRelyingPartyTests {
        @Test func aPasskeyIsRegisteredRenamedUsedAndRemovedOverASQLiteFile() async throws {
            let storage = try await SQLiteStorage.open(.file(path: try SQLiteStoreTests.temporaryDatabasePath()))
            let clock = ManualClock()
            let relyingParty = try RelyingParty(
                configuration: RelyingPartyConfiguration(
                    relyingPartyID: "example.com",
                    relyingPartyName: "Example",
                    origins: ["https://example.com"]
                ),
                credentialStore: storage.credentialStore,
                challengeStore: storage.challengeStore,
                clock: { clock.now }
            )
            let user = PublicKeyCredentialUserEntity(
                id: Array("alice-user-handle".utf8),
                name: "alice@example.com",
                displayName: "Alice"
            )
            var authenticator = VirtualAuthenticator()
            let creation = try await relyingParty.beginRegistration(for: user)
            let registered = try await relyingParty.finishRegistration(
                json: try authenticator.register(options: creation).jsonBytes
            )
            let credentialID = registered.credentialID
            #expect(try await storage.credentialStore.credential(withID: credentialID) == registered.credentialRecord)
            #expect(registered.credentialRecord.registration?.registeredAt == clock.now)
            #expect(try await storage.credentialStore.rename(credentialID: credentialID, nickname: "Work laptop"))

            clock.advance(by: 60)
            let request = try await relyingParty.beginAuthentication()
            let signedIn = try await relyingParty.finishAuthentication(
                json: try authenticator.authenticate(options: request).jsonBytes
            )
            #expect(signedIn.userHandle == user.id)
            let stored = try await storage.credentialStore.credential(withID: credentialID)
            #expect(stored == signedIn.credentialRecord)
            #expect(stored?.nickname == "Work laptop")
            #expect(stored?.lastUsedAt == clock.now)
            #expect(stored?.version == 2)

            #expect(try await storage.credentialStore.remove(credentialID: credentialID))
            let afterRemoval = try await relyingParty.beginAuthentication()
            let assertion = try authenticator.authenticate(options: afterRemoval)
            await #expect(throws: WebAuthnError(.unknownCredential, "")) {
                try await relyingParty.finishAuthentication(json: assertion.jsonBytes)
            }
            try await storage.close()
        }
    }
#endif
