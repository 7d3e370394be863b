#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The shared steps of turning a Level 3 JSON response (WebAuthn §5.1) into its binary form:
/// bounded JSON decoding with errors that name the field, base64 decoding of each binary member,
/// and the envelope checks of §7.1 step 1 and §7.2 step 1.
package enum ResponseJSONDecoding {
    /// The largest JSON response accepted, 1 MiB; it bounds what decoding allocates.
    package static let maximumLength = 1_048_576

    /// Decodes `json` as `type`, mapping every failure to ``WebAuthnError/Code/malformedInput`` with a message
    /// that names the member at fault; JSON longer than `maximumLength` is rejected before it is parsed.
    package static func decode<Value: Decodable>(
        _ type: Value.Type,
        from json: [UInt8],
        describing subject: String,
        maximumLength: Int = ResponseJSONDecoding.maximumLength
    ) throws(WebAuthnError) -> Value {
        guard !json.isEmpty else {
            throw WebAuthnError(.malformedInput, "\(subject) is empty")
        }
        guard json.count <= maximumLength else {
            throw WebAuthnError(
                .malformedInput,
                "\(subject) is \(json.count) bytes; at most \(maximumLength) are accepted"
            )
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

    /// The common shape of an authentication response read in one pass with ``JSONObjectReader`` instead of
    /// `JSONDecoder` (which costs more than the rest of an assertion's checks together, Docs/Performance.md).
    ///
    /// Returns `nil`, leaving the decision to ``decode(_:from:describing:)``, for anything but valid UTF-8 JSON
    /// with unique member names at both levels, string `id`, `rawId`, `type`, `response.clientDataJSON`,
    /// `response.authenticatorData` and `response.signature`, `response.userHandle` and
    /// `authenticatorAttachment` absent or strings, and `clientExtensionResults` absent or `{}`. Other members
    /// are ignored, as `JSONDecoder` ignores them. What it returns is what `JSONDecoder` would decode.
    static func commonAuthenticationResponse(_ json: [UInt8]) -> AuthenticationResponseJSON? {
        guard !json.isEmpty, json.count <= maximumLength else { return nil }
        return json.withUnsafeBufferPointer { buffer -> AuthenticationResponseJSON? in
            guard String(validating: buffer, as: UTF8.self) != nil,
                let top = try? JSONObjectReader.members(of: buffer, decoding: topLevelNames),
                let members = uniqueMembers(top),
                case .string(let id)? = members["id"],
                case .string(let rawId)? = members["rawId"],
                case .string(let type)? = members["type"],
                case .object(let responseRange)? = members["response"],
                let response = try? JSONObjectReader.members(
                    of: UnsafeBufferPointer(rebasing: buffer[responseRange]),
                    decoding: responseNames
                ),
                let responseMembers = uniqueMembers(response),
                case .string(let clientDataJSON)? = responseMembers["clientDataJSON"],
                case .string(let authenticatorData)? = responseMembers["authenticatorData"],
                case .string(let signature)? = responseMembers["signature"]
            else { return nil }
            var userHandle: String?
            switch responseMembers["userHandle"] {
            case nil: userHandle = nil
            case .string(let value)?: userHandle = value
            default: return nil
            }
            var attachment: String?
            switch members["authenticatorAttachment"] {
            case nil: attachment = nil
            case .string(let value)?: attachment = value
            default: return nil
            }
            var extensions: AuthenticationExtensionsClientOutputsJSON?
            switch members["clientExtensionResults"] {
            case nil:
                extensions = nil
            case .object(let range)?:
                guard
                    (try? JSONObjectReader.members(of: UnsafeBufferPointer(rebasing: buffer[range]), decoding: []))?
                        .isEmpty == true
                else { return nil }
                extensions = AuthenticationExtensionsClientOutputsJSON()
            default:
                return nil
            }
            return AuthenticationResponseJSON(
                id: id,
                rawId: rawId,
                type: type,
                response: AuthenticatorAssertionResponseJSON(
                    clientDataJSON: clientDataJSON,
                    authenticatorData: authenticatorData,
                    signature: signature,
                    userHandle: userHandle
                ),
                authenticatorAttachment: attachment,
                clientExtensionResults: extensions
            )
        }
    }

    private static let topLevelNames: Set<String> = ["id", "rawId", "type", "authenticatorAttachment"]
    private static let responseNames: Set<String> = ["clientDataJSON", "authenticatorData", "signature", "userHandle"]

    /// The members by name, or `nil` when a name occurs twice (then `JSONDecoder` decides).
    private static func uniqueMembers(
        _ members: [(name: String, value: JSONObjectReader.Value)]
    ) -> [String: JSONObjectReader.Value]? {
        var byName: [String: JSONObjectReader.Value] = [:]
        byName.reserveCapacity(members.count)
        for member in members where byName.updateValue(member.value, forKey: member.name) != nil {
            return nil
        }
        return byName
    }

    /// Decodes the base64url (or standard base64) member `field`.
    static func binary(_ text: String, field: String) throws(WebAuthnError) -> [UInt8] {
        guard let bytes = Base64URL.decode(text) else {
            throw WebAuthnError(.malformedInput, "\(field) is not valid base64url (\(text.utf8.count) characters)")
        }
        return bytes
    }

    /// The credential ID: `rawId` decoded, after checking that `id` decodes to the same bytes
    /// whichever alphabet either uses (§5.1; §7.1 step 1, §7.2 step 1).
    static func credentialID(id: String, rawId: String) throws(WebAuthnError) -> [UInt8] {
        let rawIDBytes = try binary(rawId, field: "rawId")
        let idBytes = try binary(id, field: "id")
        guard !rawIDBytes.isEmpty else {
            throw WebAuthnError(.malformedInput, "rawId is empty")
        }
        guard idBytes == rawIDBytes else {
            throw WebAuthnError(.malformedInput, "id does not match rawId")
        }
        return rawIDBytes
    }

    /// Checks the credential `type` member (§5.1, §7.1 step 1, §7.2 step 1).
    static func checkCredentialType(_ type: String) throws(WebAuthnError) {
        guard type == "public-key" else {
            throw WebAuthnError(.malformedInput, "type is \"\(type)\"; expected \"public-key\"")
        }
    }

    /// A human-readable path such as `response.transports[0]`.
    static func path(_ codingPath: [any CodingKey], appending last: (any CodingKey)? = nil) -> String {
        var text = ""
        for key in codingPath + (last.map { [$0] } ?? []) {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func describe(_ error: DecodingError, subject: String) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(subject) is missing \(path(context.codingPath, appending: key))"
        case .valueNotFound(let type, let context):
            if context.codingPath.isEmpty {
                return "\(subject) is null"
            }
            return "\(path(context.codingPath)) in \(subject) is null; expected \(typeName(type))"
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty {
                return "\(subject) is not a JSON object"
            }
            return "\(path(context.codingPath)) in \(subject) is not \(typeName(type))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "\(subject) is not valid JSON: \(context.debugDescription)"
            }
            return "\(path(context.codingPath)) in \(subject) is invalid: \(context.debugDescription)"
        @unknown default:
            return "\(subject) cannot be decoded: \(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is Int.Type: return "an integer"
        case is [String].Type: return "an array of strings"
        default: return "a JSON object"
        }
    }
}
