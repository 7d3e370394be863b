import Foundation
import PasskeyVerifier

/// `clientDataJSON` (WebAuthn Level 3 §5.8.1) read without verifying it: its members, the known ones first,
/// then checked with ``CollectedClientData``.
enum ClientDataInspection {
    /// The members §5.8.1 defines, in its order.
    static let knownMembers = ["type", "challenge", "origin", "crossOrigin", "topOrigin"]

    static func inspect(_ bytes: [UInt8], context: inout Inspection) -> JSONValue {
        var parsed = bytes[...]
        if parsed.starts(with: [0xEF, 0xBB, 0xBF]) {
            parsed = parsed.dropFirst(3)
        }
        guard !parsed.isEmpty, let value = try? JSONDecoder().decode(JSONValue.self, from: Data(parsed)),
            case .object(let decoded) = value
        else {
            do {
                _ = try CollectedClientData(jsonBytes: bytes)
                return .members(["error": context.problem(.malformedClientData, "clientDataJSON is not a JSON object")])
            } catch {
                return .members(["error": context.problem(error, subject: "clientDataJSON")])
            }
        }
        var members: [(String, JSONValue)] = []
        for name in knownMembers {
            if let member = value[member: name] {
                members.append((name, member))
            }
        }
        members += decoded.filter { !knownMembers.contains($0.0) }
        do {
            _ = try CollectedClientData(jsonBytes: bytes)
        } catch {
            members.append(("error", context.problem(error, subject: "clientDataJSON")))
        }
        return .object(members)
    }
}
