import Foundation
import PasskeyVerifier

extension RecordedCeremony {
    /// Decodes a recording or a `passkey-verify batch` line (`Docs/RecordedCeremonies.md`).
    ///
    /// Unknown members are ignored; absent optional members stay `nil` and take their defaults when the
    /// ceremony is verified.
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the bytes are empty, not JSON, not an object,
    ///   or a member is missing or of the wrong type; the message names the member (`response.rawId`).
    public init(json: [UInt8]) throws(WebAuthnError) {
        self = try Self.decodeJSON(RecordedCeremony.self, from: json, describing: "the ceremony")
    }

    /// Reads a recording from a file (`Docs/RecordedCeremonies.md`).
    /// - Throws: the file system's error when the file cannot be read, else as ``init(json:)``.
    public static func load(contentsOf url: URL) throws -> RecordedCeremony {
        let data = try Data(contentsOf: url)
        return try RecordedCeremony(json: Array(data))
    }

    /// The recording as deterministic JSON: sorted keys, indented, `/` unescaped, a trailing newline;
    /// the same recording always gives the same bytes.
    public func jsonEncoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
    }

    /// Writes ``jsonEncoded()`` to `url`, atomically, so a host can save a live ceremony as a fixture.
    public func write(to url: URL) throws {
        try Data(jsonEncoded()).write(to: url, options: .atomic)
    }

    /// Decodes `json` as `type`, turning every failure into ``WebAuthnError/Code/malformedInput`` with a message
    /// that names the member at fault.
    static func decodeJSON<Value: Decodable>(
        _ type: Value.Type,
        from json: [UInt8],
        describing subject: String
    ) throws(WebAuthnError) -> Value {
        guard !json.isEmpty else {
            throw WebAuthnError(.malformedInput, "\(subject) is empty")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(json))
        } catch let error as DecodingError {
            throw WebAuthnError(.malformedInput, describe(error, subject: subject))
        } catch let error as WebAuthnError {
            throw error
        } catch {
            throw WebAuthnError(.malformedInput, "\(subject) cannot be decoded: \(error)")
        }
    }

    private static func describe(_ error: DecodingError, subject: String) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(subject) has no \(path(context.codingPath + [key]))"
        case .valueNotFound(_, let context):
            if context.codingPath.isEmpty {
                return "\(subject) is null"
            }
            return "\(path(context.codingPath)) in \(subject) is null"
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty {
                return "\(subject) is not a JSON object"
            }
            return "\(path(context.codingPath)) in \(subject) is not \(typeName(type))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "\(subject) is not valid JSON"
            }
            return "\(path(context.codingPath)) in \(subject) is invalid: \(context.debugDescription)"
        @unknown default:
            return "\(subject) cannot be decoded: \(error)"
        }
    }

    /// `response.response.transports[0]`.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is Int.Type, is Int64.Type, is UInt32.Type: return "an integer in range"
        case is [String].Type, is [Int64].Type: return "an array"
        default: return "of the expected type"
        }
    }
}

extension RecordedCeremony.Response {
    /// Decodes the Level 3 JSON a client sent (WebAuthn Level 3 §5.1): a `RegistrationResponseJSON` or an
    /// `AuthenticationResponseJSON` according to `kind`. Unknown members are ignored.
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the bytes are empty, not JSON, or a member is
    ///   missing or of the wrong type; the message names the member.
    public init(json: [UInt8], kind: RecordedCeremony.Kind) throws(WebAuthnError) {
        switch kind {
        case .registration:
            self = .registration(
                try RecordedCeremony.decodeJSON(
                    RegistrationResponseJSON.self, from: json, describing: "the registration response")
            )
        case .authentication:
            self = .authentication(
                try RecordedCeremony.decodeJSON(
                    AuthenticationResponseJSON.self, from: json, describing: "the authentication response")
            )
        }
    }
}
