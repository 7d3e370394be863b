import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

@Suite struct CredentialKeyCacheTests {
    @Test func keysAreParsedOnceAndTheCacheStaysBounded() throws {
        var authenticator = VirtualAuthenticator()
        var keys: [(String, COSEKey)] = []
        for index in 0..<5 {
            let registration = try authenticator.register(challenge: [UInt8(index)], userHandle: nil)
            keys.append(
                (Base64URL.encode(registration.credential.publicKey.encoded), registration.credential.publicKey))
        }
        var cache = CredentialKeyCache(capacity: 4)
        for (text, key) in keys.prefix(4) { cache.remember(key, for: text) }
        #expect(cache.count == 4)
        #expect(cache.key(for: keys[0].0) == keys[0].1)
        cache.remember(keys[4].1, for: keys[4].0)
        #expect(cache.count == 3)
        #expect(cache.key(for: keys[0].0) == nil)
        #expect(cache.key(for: keys[1].0) == nil)
        #expect(cache.key(for: keys[4].0) == keys[4].1)
        #expect(CredentialKeyCache(capacity: 0).capacity == 1)
    }
}
