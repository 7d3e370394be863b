#if Hummingbird
import Foundation
import PasskeyVerifier

/// The FIDO conformance mode's extension echo (``ServerConfiguration/conformance``): the conformance tools expect
/// the creation and request options to carry back the extensions the options request asked for, known or not.
/// Only the answer carries them: what is stored with the challenge and enforced is the allow-listed subset
/// (``ClientExtensionPolicy``). The echo is bounded: at most ``maximumMembers`` members and ``maximumBytes`` bytes
/// of JSON, else `malformedInput`.
package enum ConformanceExtensionEcho {
    /// The most extension members echoed.
    static let maximumMembers = 16
    /// The largest `extensions` object echoed, in bytes of JSON.
    static let maximumBytes = 4096

    private struct RequestBody: Decodable {
        let extensions: [String: JSONValue]?
    }

    /// The `extensions` member of the options request `body`; `nil` when it has none.
    ///
    /// - Throws: `malformedInput` when it is over the bounds.
    package static func requested(in body: [UInt8]) throws -> [String: JSONValue]? {
        guard let extensions = try? JSONDecoder().decode(RequestBody.self, from: Data(body)).extensions,
            !extensions.isEmpty
        else { return nil }
        guard extensions.count <= maximumMembers,
            let encoded = try? JSONEncoder().encode(extensions), encoded.count <= maximumBytes
        else {
            throw WebAuthnError(
                .malformedInput,
                "extensions may hold at most \(maximumMembers) members and \(maximumBytes) bytes of JSON"
            )
        }
        return extensions
    }

    /// The options answer `response` (a JSON object) with the `requested` members added to its `extensions`; the
    /// server's own values win where both name a member.
    package static func echo(_ requested: [String: JSONValue], into response: [UInt8]) throws -> [UInt8] {
        guard case .object(var members) = try JSONDecoder().decode(JSONValue.self, from: Data(response)) else {
            return response
        }
        var extensions: [String: JSONValue] = requested
        if case .object(let own) = members["extensions"] {
            extensions.merge(own) { _, own in own }
        }
        members["extensions"] = .object(extensions)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(JSONValue.object(members)))
    }
}
#endif
