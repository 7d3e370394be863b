#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The shared steps of turning a Level 3 JSON response (WebAuthn §5.1) into its binary form:
/// bounded JSON decoding with errors that name the field, base64 decoding of each binary member,
/// and the envelope checks of §7.1 `#sctn-registering-a-new-credential` step "response" and
/// §7.2 `#sctn-verifying-assertion` step "response".
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
            throw WebAuthnError(.malformedInput, "\(subject) cannot be decoded")
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
    /// whichever alphabet either uses (§5.1; §7.1 `#sctn-registering-a-new-credential` step "response",
    /// §7.2 `#sctn-verifying-assertion` step "response").
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

    /// Checks the credential `type` member (§5.1, §7.1 `#sctn-registering-a-new-credential` step "response",
    /// §7.2 `#sctn-verifying-assertion` step "response").
    static func checkCredentialType(_ type: String) throws(WebAuthnError) {
        guard type == "public-key" else {
            throw WebAuthnError(.malformedInput, "type is not \"public-key\"")
        }
    }

    /// A human-readable path such as `response.transports[0]`. A member name the client chose (a key of a JSON object
    /// read as a dictionary) is shown with every character outside printable ASCII, the backslash and the double
    /// quote escaped as `\u{…}`, and the path is cut at ``maximumPathLength`` bytes, so an error message never
    /// carries client text raw.
    static func path(_ codingPath: [any CodingKey], appending last: (any CodingKey)? = nil) -> String {
        var text = ""
        for key in codingPath + (last.map { [$0] } ?? []) {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                let name = escaped(key.stringValue)
                text += text.isEmpty ? name : ".\(name)"
            }
            guard text.utf8.count <= maximumPathLength else {
                return String(decoding: text.utf8.prefix(maximumPathLength), as: UTF8.self) + "…"
            }
        }
        return text
    }

    /// The longest path an error message shows, in UTF-8 bytes.
    static let maximumPathLength = 128

    private static func escaped(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if scalar.value >= 0x20, scalar.value < 0x7F, scalar != "\\", scalar != "\"" {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return result
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
                return "\(subject) is not valid JSON"
            }
            return "\(path(context.codingPath)) in \(subject) has a value that is not allowed there"
        @unknown default:
            return "\(subject) does not have the expected shape"
        }
    }

    /// What a value of `type` is, in the words of JSON (`a string`, `an array`); never a Swift type name.
    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type, is Int64.Type, is UInt32.Type, is UInt64.Type, is UInt8.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is [String].Type: "an array of strings"
        case is [Any].Type: "an array"
        default: "a JSON object"
        }
    }
}
