#if Hummingbird
import PasskeySignInWithApple
import PasskeyVerifier

/// Where the server gets Apple's identity-token keys (a JSON Web Key Set, RFC 7517 §5): ``AppleKeySetFetcher``
/// downloads and caches `https://appleid.apple.com/auth/keys`; tests supply their own.
public protocol AppleKeySetSource: Sendable {
    /// The key set to verify with. `refresh` asks for a newer one than the cached set, because a token named a
    /// `kid` the cached set lacks (Apple rotates its keys); a source may still answer from its cache when it
    /// refreshed a moment ago.
    ///
    /// - Throws: ``AppleKeySetUnavailable`` when no key set can be had.
    func keySet(refresh: Bool) async throws -> JSONWebKeySet
}
#endif
