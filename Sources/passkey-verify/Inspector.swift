import Foundation
import PasskeyCBOR
import PasskeyVerifier
import PasskeyVerifierTesting

/// Decodes whatever `inspect` is given, without verifying it: a registration or authentication response JSON
/// (WebAuthn Level 3 §5.1), a recorded ceremony, or a bare attestationObject (§6.5.4), authenticatorData
/// (§6.1), clientDataJSON (§5.8.1) or COSE_Key (§6.5.1.1) in base64url or standard base64.
enum Inspector {
    /// The inspection as a tree, or an error object when the input is none of the accepted kinds.
    static func inspect(_ input: [UInt8], context: inout Inspection) -> JSONValue {
        let trimmed = trim(input)
        guard let first = trimmed.first else {
            return .members(["error": context.problem(.malformedInput, "the input is empty")])
        }
        if first == UInt8(ascii: "{") {
            return inspectJSONObject(Array(trimmed), context: &context)
        }
        var text = String(decoding: trimmed, as: UTF8.self)
        if first == UInt8(ascii: "\""), let string = try? JSONDecoder().decode(String.self, from: Data(trimmed)) {
            text = string
        }
        guard let bytes = Base64URL.decode(text), !bytes.isEmpty else {
            return .members([
                "error": context.problem(
                    .malformedInput,
                    "the input is neither a JSON object nor base64url or base64 "
                        + "(an attestationObject, authenticatorData, clientDataJSON or COSE_Key)"
                )
            ])
        }
        return inspectBinary(bytes, context: &context)
    }

    /// A bare binary value: client data when it is JSON, an attestation object or COSE_Key when it is a CBOR
    /// map of their shape, authenticator data otherwise.
    private static func inspectBinary(_ bytes: [UInt8], context: inout Inspection) -> JSONValue {
        if trim(bytes).first == UInt8(ascii: "{") {
            return .members([
                "kind": .string("clientDataJSON"),
                "clientData": ClientDataInspection.inspect(bytes, context: &context),
            ])
        }
        if let map = try? CBORDecoder(mode: .lenient).decode(bytes).mapValue {
            if map[textKey: "fmt"] != nil || map[textKey: "authData"] != nil {
                let members = AttestationObjectInspection.inspect(bytes, context: &context)
                return .object([("kind", .string("attestationObject"))] + members)
            }
            if map[integerKey: 1] != nil, map[integerKey: 3] != nil, let value = try? CBORDecoder().decode(bytes) {
                return .members([
                    "kind": .string("coseKey"),
                    "publicKey": COSEKeyInspection.inspect(value, context: &context),
                ])
            }
        }
        return .members([
            "kind": .string("authenticatorData"),
            "authenticatorData": AuthenticatorDataInspection.inspect(bytes, context: &context),
        ])
    }

    /// A response JSON, or a recorded ceremony / batch line whose `response` is one.
    private static func inspectJSONObject(_ bytes: [UInt8], context: inout Inspection) -> JSONValue {
        var value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            return .members(["error": context.problem(.malformedInput, "the input is not valid JSON")])
        }
        if let level3 = level3Response(fromNative: value) {
            value = level3
        } else if let inner = value[member: "response"], let level3 = level3Response(fromNative: inner),
            case .object(var members) = value
        {
            members = members.map { $0.0 == "response" ? ("response", level3) : $0 }
            value = .object(members)
        }
        if let inner = value[member: "response"], inner[member: "response"] != nil {
            guard case .object(var members) = inspectResponse(inner, context: &context) else {
                return .members(["recordedCeremony": recordedCeremonySummary(value)])
            }
            members.insert(("recordedCeremony", recordedCeremonySummary(value)), at: min(1, members.count))
            return .object(members)
        }
        if value[member: "response"] != nil {
            return inspectResponse(value, context: &context)
        }
        if value[member: "type"] != nil || value[member: "challenge"] != nil || value[member: "origin"] != nil {
            return .members([
                "kind": .string("clientDataJSON"),
                "clientData": ClientDataInspection.inspect(bytes, context: &context),
            ])
        }
        return .members([
            "error": context.problem(
                .malformedInput,
                "the JSON object is neither a RegistrationResponseJSON, an AuthenticationResponseJSON, "
                    + "a recorded ceremony nor a clientDataJSON"
            )
        ])
    }

    /// The Level 3 JSON of a native iOS payload (`rawAttestationObject` or `rawAuthenticatorData`), or `nil`
    /// when `value` is not one or does not decode.
    private static func level3Response(fromNative value: JSONValue) -> JSONValue? {
        let kind: RecordedCeremony.Kind
        if value[member: "rawAttestationObject"] != nil {
            kind = .registration
        } else if value[member: "rawAuthenticatorData"] != nil {
            kind = .authentication
        } else {
            return nil
        }
        guard let response = try? RecordedCeremony.Response(json: Array(value.compactText.utf8), kind: kind) else {
            return nil
        }
        let encoded: Data?
        switch response {
        case .registration(let json): encoded = try? JSONEncoder().encode(json)
        case .authentication(let json): encoded = try? JSONEncoder().encode(json)
        }
        return encoded.flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) }
    }

    private static func recordedCeremonySummary(_ value: JSONValue) -> JSONValue {
        .members([
            "name": value[member: "name"],
            "kind": value[member: "kind"],
            "rpId": value[member: "rpId"],
            "origins": value[member: "origins"],
            "challenge": value[member: "challenge"],
            "at": value[member: "at"],
            "expected": value[member: "expected"],
        ])
    }

    /// A `RegistrationResponseJSON` (it has `response.attestationObject`) or an `AuthenticationResponseJSON`.
    private static func inspectResponse(_ value: JSONValue, context: inout Inspection) -> JSONValue {
        let isRegistration = value[member: "response"]?[member: "attestationObject"] != nil
        let kind: RecordedCeremony.Kind = isRegistration ? .registration : .authentication
        let response: RecordedCeremony.Response
        do {
            response = try RecordedCeremony.Response(json: Array(value.compactText.utf8), kind: kind)
        } catch {
            return .members(["kind": .string(kind.rawValue), "error": context.problem(error, subject: "the response")])
        }
        switch response {
        case .registration(let json):
            return inspectRegistration(json, context: &context)
        case .authentication(let json):
            return inspectAuthentication(json, context: &context)
        }
    }

    private static func inspectRegistration(_ json: RegistrationResponseJSON, context: inout Inspection) -> JSONValue {
        var credential: [(String, JSONValue)] = credentialMembers(
            id: json.id, rawId: json.rawId, type: json.type, attachment: json.authenticatorAttachment
        )
        if let transports = json.response.transports {
            credential.append(("transports", .array(transports.map(JSONValue.string))))
        }
        if let algorithm = json.response.publicKeyAlgorithm {
            credential.append(("publicKeyAlgorithm", .integer(Int64(algorithm))))
        }
        credential.append(("clientExtensionResults", extensionResults(json.clientExtensionResults)))
        do {
            _ = try RegistrationResponse(json)
        } catch {
            credential.append(("error", context.problem(error, subject: "the response")))
        }
        var members: [(String, JSONValue)] = [("kind", .string("registration")), ("credential", .object(credential))]
        let clientData = binary(json.response.clientDataJSON, field: "response.clientDataJSON", context: &context) {
            ClientDataInspection.inspect($0, context: &$1)
        }
        members.append(("clientData", clientData))
        if let attestationObject = Base64URL.decode(json.response.attestationObject) {
            members += AttestationObjectInspection.inspect(attestationObject, context: &context)
        } else {
            members.append(("error", context.problem(.malformedInput, "response.attestationObject is not base64url")))
        }
        return .object(members)
    }

    private static func inspectAuthentication(
        _ json: AuthenticationResponseJSON,
        context: inout Inspection
    ) -> JSONValue {
        var credential = credentialMembers(
            id: json.id, rawId: json.rawId, type: json.type, attachment: json.authenticatorAttachment
        )
        if let userHandle = json.response.userHandle {
            credential.append(("userHandle", .string(userHandle)))
        }
        credential.append(("clientExtensionResults", extensionResults(json.clientExtensionResults)))
        do {
            _ = try AuthenticationResponse(json)
        } catch {
            credential.append(("error", context.problem(error, subject: "the response")))
        }
        var members: [(String, JSONValue)] = [
            ("kind", .string("authentication")), ("credential", .object(credential)),
        ]
        let clientData = binary(json.response.clientDataJSON, field: "response.clientDataJSON", context: &context) {
            ClientDataInspection.inspect($0, context: &$1)
        }
        let authenticatorData = binary(
            json.response.authenticatorData,
            field: "response.authenticatorData",
            context: &context
        ) {
            AuthenticatorDataInspection.inspect($0, context: &$1)
        }
        members.append(("clientData", clientData))
        members.append(("authenticatorData", authenticatorData))
        if let signature = Base64URL.decode(json.response.signature) {
            members.append(("signature", .members(["length": .integer(Int64(signature.count))])))
        }
        return .object(members)
    }

    private static func credentialMembers(id: String, rawId: String, type: String, attachment: String?)
        -> [(String, JSONValue)]
    {
        var members: [(String, JSONValue)] = [("id", .string(id))]
        if rawId != id {
            members.append(("rawId", .string(rawId)))
        }
        members.append(("type", .string(type)))
        if let attachment {
            members.append(("authenticatorAttachment", .string(attachment)))
        }
        return members
    }

    /// Decodes the base64url member `field` and inspects its bytes, or reports that it is not base64url.
    private static func binary(
        _ text: String,
        field: String,
        context: inout Inspection,
        inspect: ([UInt8], inout Inspection) -> JSONValue
    ) -> JSONValue {
        guard let bytes = Base64URL.decode(text) else {
            return .members(["error": context.problem(.malformedInput, "\(field) is not base64url or base64")])
        }
        return inspect(bytes, &context)
    }

    private static func extensionResults(_ results: AuthenticationExtensionsClientOutputsJSON?) -> JSONValue {
        guard let results, let data = try? JSONEncoder().encode(results),
            let value = try? JSONDecoder().decode(JSONValue.self, from: data)
        else { return .object([]) }
        return value
    }

    private static func trim(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return bytes[start...end]
    }
}
