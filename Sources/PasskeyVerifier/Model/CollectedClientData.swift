import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The client data a client collected for a ceremony, parsed from `clientDataJSON`
/// (WebAuthn Level 3 §5.8.1; serialization §5.8.1.1; limited verification §5.8.1.2).
///
/// The exact received bytes are kept in ``jsonBytes``: signatures cover their SHA-256
/// (``hash``), never a re-serialization. Parsing follows §5.8.1.2: the members may come in any
/// order and unknown members (such as the W3C test vectors' `extraData`) are tolerated.
///
/// Rejected with ``WebAuthnError/Code/malformedClientData``:
/// - empty bytes (some third-party passkey providers on older iOS versions sent an empty
///   `clientDataJSON`);
/// - more than ``maximumLength`` bytes;
/// - bytes that are not UTF-8 (a leading UTF-8 byte order mark is skipped for parsing only);
/// - anything but a JSON object;
/// - `type`, `challenge` or `origin` missing or not a string;
/// - `crossOrigin` present but not a boolean (`null` included), `topOrigin` present but not a string;
/// - a member name that occurs twice (`JSONDecoder` would keep the first, JavaScript the last).
public struct CollectedClientData: Sendable, Hashable {
    /// The largest `clientDataJSON` accepted, 64 KiB. Browsers send a few hundred bytes.
    public static let maximumLength = 65_536

    /// The bytes exactly as received; hash these (§5.8.1, §7.1 step 10, §7.2 step 19).
    public let jsonBytes: [UInt8]
    /// `type`: `webauthn.create` or `webauthn.get` (§5.8.1).
    public let type: String
    /// `challenge`: the base64url encoding of the challenge the relying party issued (§5.8.1).
    public let challenge: String
    /// `origin`: the fully qualified origin of the requester (§5.8.1).
    public let origin: String
    /// `crossOrigin`: whether the ceremony ran in a cross-origin iframe, when the client said (§5.8.1).
    public let crossOrigin: Bool?
    /// `topOrigin`: the top-level origin, present only for cross-origin ceremonies (§5.8.1).
    public let topOrigin: String?
    /// SHA-256 of ``jsonBytes``, the `clientDataHash` (§5.8.1, §6.3.2), computed once at init.
    public let hash: [UInt8]

    /// Parses `clientDataJSON` (§5.8.1.2).
    ///
    /// - Throws: ``WebAuthnError/Code/malformedClientData`` for the inputs the type's
    ///   documentation lists, with a message naming the problem.
    public init(jsonBytes: [UInt8]) throws(WebAuthnError) {
        guard !jsonBytes.isEmpty else {
            throw WebAuthnError(
                .malformedClientData,
                "clientDataJSON is empty (some third-party passkey providers on older iOS versions sent an empty one)"
            )
        }
        guard jsonBytes.count <= CollectedClientData.maximumLength else {
            throw WebAuthnError(
                .malformedClientData,
                "clientDataJSON is \(jsonBytes.count) bytes; at most \(CollectedClientData.maximumLength) are accepted"
            )
        }
        if let offset = CollectedClientData.firstInvalidUTF8Offset(jsonBytes) {
            throw WebAuthnError(.malformedClientData, "clientDataJSON is not valid UTF-8 (at byte \(offset))")
        }
        var parsed = jsonBytes[...]
        if parsed.starts(with: [0xEF, 0xBB, 0xBF]) {
            parsed = parsed.dropFirst(3)
        }
        let members: Members
        do {
            members = try JSONDecoder().decode(Members.self, from: Data(parsed))
        } catch let error as DecodingError {
            throw WebAuthnError(.malformedClientData, CollectedClientData.describe(error))
        } catch {
            throw WebAuthnError(.malformedClientData, "clientDataJSON cannot be parsed: \(error)")
        }
        switch JSONMemberNameScanner.scan(Array(parsed)) {
        case .unique:
            break
        case .duplicate(let name):
            throw WebAuthnError(.malformedClientData, "clientDataJSON has more than one \"\(name)\" member")
        case .unreadable:
            throw WebAuthnError(.malformedClientData, "clientDataJSON is not a JSON object")
        }
        self.jsonBytes = jsonBytes
        self.type = members.type
        self.challenge = members.challenge
        self.origin = members.origin
        self.crossOrigin = members.crossOrigin
        self.topOrigin = members.topOrigin
        self.hash = HashAlgorithm.sha256.hash(jsonBytes)
    }

    /// The members this library reads; every other member is ignored.
    private struct Members: Decodable {
        let type: String
        let challenge: String
        let origin: String
        let crossOrigin: Bool?
        let topOrigin: String?

        enum CodingKeys: String, CodingKey {
            case type, challenge, origin, crossOrigin, topOrigin
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decode(String.self, forKey: .type)
            challenge = try container.decode(String.self, forKey: .challenge)
            origin = try container.decode(String.self, forKey: .origin)
            // `decodeIfPresent` would read `null` as absent; a present member must have its type.
            crossOrigin = container.contains(.crossOrigin) ? try container.decode(Bool.self, forKey: .crossOrigin) : nil
            topOrigin = container.contains(.topOrigin) ? try container.decode(String.self, forKey: .topOrigin) : nil
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _):
            return "clientDataJSON has no \"\(key.stringValue)\" member"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            guard let member = context.codingPath.first?.stringValue else {
                return "clientDataJSON is not a JSON object"
            }
            let expected = type == Bool.self ? "a boolean" : "a string"
            return "clientDataJSON member \"\(member)\" is not \(expected)"
        case .dataCorrupted(let context):
            return "clientDataJSON is not valid JSON: \(context.debugDescription)"
        @unknown default:
            return "clientDataJSON cannot be parsed: \(error)"
        }
    }

    /// The offset of the first byte that does not continue a valid UTF-8 sequence, or `nil`.
    private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }
}
