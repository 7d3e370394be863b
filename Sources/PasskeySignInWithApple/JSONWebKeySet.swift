#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PasskeyVerifier

/// A JSON Web Key Set (RFC 7517 §5): the document at `https://appleid.apple.com/auth/keys` that lists the
/// public keys Apple signs identity tokens with. The host fetches and caches it (`passkey-server` does, honouring
/// `Cache-Control`); the library reads it offline.
///
/// What is kept: the RSA keys (`kty` `RSA`) meant for signatures (`use` absent or `sig`) with RS256 (`alg` absent
/// or `RS256`), each read as ``JSONWebKey`` describes. Keys of another type, use or algorithm are skipped, as
/// RFC 7517 §5 lets a reader ignore keys it does not understand. Rejected with
/// `WebAuthnError/Code/identityTokenMalformed`: a document over ``maximumLength`` bytes, not a JSON object with
/// a `keys` array of objects, a repeated member in the document or in any key, more than ``maximumKeyCount`` keys, a kept key that is
/// malformed, two kept keys with one `kid`, and a set with no key kept.
public struct JSONWebKeySet: Sendable, Hashable {
    /// The largest document accepted, 64 KiB (Apple's is under 2 KiB).
    public static let maximumLength = 65_536
    /// The most keys a document may list, 32 (Apple lists three).
    public static let maximumKeyCount = 32

    /// The RS256 signature keys, in document order.
    public let keys: [JSONWebKey]

    /// Reads a JSON Web Key Set document.
    public init(json bytes: [UInt8]) throws(WebAuthnError) {
        guard bytes.count <= Self.maximumLength else {
            throw WebAuthnError(
                .identityTokenMalformed,
                "the JSON Web Key Set is \(bytes.count) bytes; at most \(Self.maximumLength) are accepted"
            )
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch {
            throw WebAuthnError(
                .identityTokenMalformed,
                "the JSON Web Key Set is not a JSON object with a keys array of objects with string members: \(error)"
            )
        }
        guard JSONMemberNameScanner.scanEveryObject(bytes) == .unique else {
            throw WebAuthnError(
                .identityTokenMalformed,
                "the JSON Web Key Set repeats a member name, at the top level or in a key, or nests deeper than "
                    + "\(JSONMemberNameScanner.maximumDepth) levels"
            )
        }
        guard document.keys.count <= Self.maximumKeyCount else {
            throw WebAuthnError(
                .identityTokenMalformed,
                "the JSON Web Key Set lists \(document.keys.count) keys; at most \(Self.maximumKeyCount) are accepted"
            )
        }
        var keys: [JSONWebKey] = []
        for (index, member) in document.keys.enumerated() {
            guard member.kty == "RSA", member.use == nil || member.use == "sig",
                member.alg == nil || member.alg == "RS256"
            else { continue }
            guard !member.hasPrivateMember else {
                throw WebAuthnError(
                    .identityTokenMalformed,
                    "the JSON Web Key Set's key \(index) has a private member (RFC 7518 §6.3.2)"
                )
            }
            guard let kid = member.kid, !kid.isEmpty else {
                throw WebAuthnError(.identityTokenMalformed, "the JSON Web Key Set's key \(index) has no kid")
            }
            guard let n = member.n.flatMap(StrictBase64URL.decode), let e = member.e.flatMap(StrictBase64URL.decode)
            else {
                throw WebAuthnError(
                    .identityTokenMalformed,
                    "the JSON Web Key Set's key \(index) has no n and e in base64url without padding"
                )
            }
            keys.append(try JSONWebKey(keyIdentifier: kid, algorithmName: member.alg, modulus: n, exponent: e))
        }
        try self.init(keys: keys)
    }

    /// Wraps keys that were already read, with the checks a document gets: 1 to ``maximumKeyCount`` keys, no two
    /// with one `kid` (`WebAuthnError/Code/identityTokenMalformed`).
    public init(keys: [JSONWebKey]) throws(WebAuthnError) {
        guard !keys.isEmpty else {
            throw WebAuthnError(.identityTokenMalformed, "the JSON Web Key Set has no RSA signature key for RS256")
        }
        guard keys.count <= Self.maximumKeyCount else {
            throw WebAuthnError(
                .identityTokenMalformed,
                "the JSON Web Key Set lists \(keys.count) keys; at most \(Self.maximumKeyCount) are accepted"
            )
        }
        var identifiers: Set<String> = []
        for key in keys {
            guard identifiers.insert(key.keyIdentifier).inserted else {
                throw WebAuthnError(
                    .identityTokenMalformed,
                    "the JSON Web Key Set has two RS256 keys with the kid \"\(key.keyIdentifier.prefix(64))\""
                )
            }
        }
        self.keys = keys
    }

    /// The key whose `kid` is `keyIdentifier` (RFC 7515 §4.1.4), or `nil`.
    public func key(withIdentifier keyIdentifier: String) -> JSONWebKey? {
        keys.first { $0.keyIdentifier == keyIdentifier }
    }

    // MARK: - Document

    private struct Document: Decodable {
        let keys: [Member]
    }

    /// One entry of `keys`: the members this reader uses, each a string when present.
    private struct Member: Decodable {
        let kty: String?
        let use: String?
        let alg: String?
        let kid: String?
        let n: String?
        let e: String?
        let hasPrivateMember: Bool

        enum CodingKeys: String, CodingKey {
            case kty, use, alg, kid, n, e, d, p, q, dp, dq, qi, oth
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kty = try container.decodeIfPresent(String.self, forKey: .kty)
            use = try container.decodeIfPresent(String.self, forKey: .use)
            alg = try container.decodeIfPresent(String.self, forKey: .alg)
            kid = try container.decodeIfPresent(String.self, forKey: .kid)
            n = try container.decodeIfPresent(String.self, forKey: .n)
            e = try container.decodeIfPresent(String.self, forKey: .e)
            hasPrivateMember = [CodingKeys.d, .p, .q, .dp, .dq, .qi, .oth].contains { container.contains($0) }
        }
    }
}
