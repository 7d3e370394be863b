import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

/// An attestation object (WebAuthn Level 3 §6.5.4) read without verifying it: the format, the authenticator
/// data and the attestation statement with a summary of each certificate, then checked with
/// ``AttestationObject``.
enum AttestationObjectInspection {
    /// The members `authenticatorData` and `attestationStatement` (`fmt` first), or an `error`.
    static func inspect(_ bytes: [UInt8], context: inout Inspection) -> [(String, JSONValue)] {
        let problemsBefore = context.problems
        let value: CBORValue
        do {
            value = try CBORDecoder(mode: .lenient).decode(bytes)
        } catch {
            return [("error", context.problem(error, subject: "the attestation object"))]
        }
        guard let map = value.mapValue else {
            return [("error", context.problem(.malformedInput, "the attestation object is not a CBOR map"))]
        }
        var members: [(String, JSONValue)] = []
        if let authenticatorData = map[textKey: "authData"]?.byteStringValue {
            members.append(
                ("authenticatorData", AuthenticatorDataInspection.inspect(authenticatorData, context: &context))
            )
        } else {
            let message = "the attestation object has no byte string authData"
            members.append(("authenticatorData", .members(["error": context.problem(.malformedInput, message)])))
        }
        var statement: [(String, JSONValue)] = []
        if let format = map[textKey: "fmt"]?.textStringValue {
            statement.append(("fmt", .string(format)))
        } else {
            statement.append(("error", context.problem(.malformedInput, "the attestation object has no text fmt")))
        }
        if let members = map[textKey: "attStmt"]?.mapValue {
            statement += inspectStatement(members, context: &context)
        } else {
            statement.append(("error", context.problem(.malformedInput, "the attestation object has no map attStmt")))
        }
        members.append(("attestationStatement", .object(statement)))
        if context.problems == problemsBefore {
            do {
                _ = try AttestationObject(bytes: bytes)
            } catch {
                members.append(("error", context.problem(error, subject: "the attestation object")))
            }
        }
        return members
    }

    /// `alg`, the signature's length, the `x5c` certificates, and the other members by name (§8).
    static func inspectStatement(_ statement: CBORMap, context: inout Inspection) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let algorithm = statement[textKey: "alg"]?.integerValue {
            members.append(("alg", .integer(algorithm)))
            members.append(("algName", .string(COSEKeyInspection.algorithmName(algorithm))))
        }
        if let signature = statement[textKey: "sig"]?.byteStringValue {
            members.append(("sigLength", .integer(Int64(signature.count))))
        }
        if let chain = statement[textKey: "x5c"]?.arrayValue {
            members.append(("x5cCount", .integer(Int64(chain.count))))
            var certificates: [JSONValue] = []
            for (index, element) in chain.enumerated() {
                guard let der = element.byteStringValue else {
                    let message = "x5c[\(index)] is not a byte string"
                    certificates.append(.members(["error": context.problem(.invalidAttestationStatement, message)]))
                    continue
                }
                certificates.append(CertificateInspection.inspect(der, context: &context))
            }
            members.append(("certificates", .array(certificates)))
        }
        for entry in statement {
            let name = Inspection.key(of: entry.key)
            guard !["alg", "sig", "x5c"].contains(name) else { continue }
            if let bytes = entry.value.byteStringValue {
                members.append((name + "Length", .integer(Int64(bytes.count))))
            } else {
                members.append((name, Inspection.json(entry.value)))
            }
        }
        return members
    }
}
