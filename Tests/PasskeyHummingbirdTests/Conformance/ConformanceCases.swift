#if Server
import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting

/// Every test of ``ConformanceTestList`` mapped to how the suite plays it; the suites' cases live in the
/// extensions of this type, one file per part of the list.
enum ConformanceCases {
    /// The cases by test ID (``ConformanceTest/id``).
    static let all: [String: ConformanceCase] = {
        var cases: [String: ConformanceCase] = [:]
        for part in [
            options, registrationStructure, registrationClientData, attestationObject, algorithms, packed,
            noneFormat, fidoU2F, tpm, androidKey, androidSafetyNet, assertion, metadata,
        ] {
            cases.merge(part) { first, _ in first }
        }
        return cases
    }()

    /// The `(suite, number) → case` entries of `suite`, keyed by test ID.
    static func suite(
        _ suite: ConformanceTest.Suite,
        _ entries: [(String, ConformanceCase)]
    ) -> [String: ConformanceCase] {
        Dictionary(entries.map { ("\(suite.id) \($0.0)", $0.1) }) { first, _ in first }
    }

    /// A `P` case that must succeed.
    static func succeeds(
        _ play: @escaping @Sendable (ConformanceServer) async throws -> ConformanceAnswer
    ) -> ConformanceCase {
        .executable(.succeeds, play: play)
    }

    /// An `F` case that must fail with `code`.
    static func fails(
        _ code: String,
        _ play: @escaping @Sendable (ConformanceServer) async throws -> ConformanceAnswer
    ) -> ConformanceCase {
        .executable(.fails(code), play: play)
    }

    /// `value`, or a thrown ``HarnessError`` naming `what` when it is `nil`.
    static func required<Value>(_ value: Value?, _ what: String) throws -> Value {
        guard let value else { throw HarnessError("\(what) is missing") }
        return value
    }

    // MARK: - Client data

    /// The members of a client data a browser writes for `type` and `challenge` (base64url text) at the server's
    /// origin: `(name, raw JSON value)` in order.
    static func clientDataMembers(type: String, challenge: String) -> [(String, String)] {
        [("type", "\"\(type)\""), ("challenge", "\"\(challenge)\""), ("origin", "\"\(ServerHarness.origin)\"")]
    }

    /// `members` with `name` set to the raw JSON `value` (appended when absent), or removed when `value` is `nil`.
    static func setting(_ name: String, to value: String?, in members: [(String, String)]) -> [(String, String)] {
        guard let value else { return members.filter { $0.0 != name } }
        guard members.contains(where: { $0.0 == name }) else { return members + [(name, value)] }
        return members.map { $0.0 == name ? (name, value) : $0 }
    }

    /// The clientDataJSON bytes of `members`.
    static func clientData(_ members: [(String, String)]) -> [UInt8] {
        Array(("{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}").utf8)
    }

    /// The `challenge` text of a client data.
    static func challenge(of clientDataJSON: [UInt8]) throws -> String {
        guard let challenge = try ConformanceServer.object(clientDataJSON)["challenge"] as? String else {
            throw HarnessError("the client data has no challenge")
        }
        return challenge
    }

    /// The client data edits the two clientDataJSON suites share, by number, for a ceremony of `type` whose other
    /// type is `other`, with the code the server must answer. The server finds the pending ceremony by the client
    /// data's challenge, so a challenge it never issued (empty, not base64url, or another) is `challengeNotFound`.
    static func clientDataEdits(type: String, other: String) -> [(String, String, (String, String?))] {
        let foreignOrigin = "\"https://attacker.example\""
        return [
            ("F-1", "malformedClientData", ("type", nil)),
            ("F-2", "malformedClientData", ("type", "7")),
            ("F-3", "typeMismatch", ("type", "\"\"")),
            ("F-4", "typeMismatch", ("type", "\"webauthn.something\"")),
            ("F-5", "typeMismatch", ("type", "\"\(other)\"")),
            ("F-6", "malformedClientData", ("challenge", nil)),
            ("F-7", "malformedClientData", ("challenge", "[1,2]")),
            ("F-8", "challengeNotFound", ("challenge", "\"\"")),
            ("F-9", "challengeNotFound", ("challenge", "\"not+base64url/==\"")),
            ("F-10", "challengeNotFound", ("challenge", "\"\(Base64URL.encode(RandomChallenge.bytes()))\"")),
            ("F-11", "malformedClientData", ("origin", nil)),
            ("F-12", "malformedClientData", ("origin", "{}")),
            ("F-13", "originMismatch", ("origin", "\"\"")),
            ("F-14", "originMismatch", ("origin", foreignOrigin)),
            ("F-15", "malformedClientData", ("tokenBinding", "\"present\"")),
            ("F-16", "malformedClientData", ("tokenBinding", "{\"id\":\"AAAA\"}")),
            ("F-17", "malformedClientData", ("tokenBinding", "{\"status\":\"bound\"}")),
        ]
    }
}

/// 32 random bytes, for challenges the server never issued.
enum RandomChallenge {
    static func bytes() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
#endif
