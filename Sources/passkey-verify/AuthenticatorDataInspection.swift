import PasskeyCBOR
import PasskeyVerifier

/// Authenticator data (WebAuthn Level 3 §6.1) read field by field without verifying it: rpIdHash, flags,
/// counter, attested credential data (§6.5.1) and extensions (§9), then checked with ``AuthenticatorData``.
enum AuthenticatorDataInspection {
    /// The flag bits in order, with their names (§6.1).
    static let flagNames: [(bit: UInt8, name: String)] = [
        (0x01, "UP"), (0x02, "RFU1"), (0x04, "UV"), (0x08, "BE"), (0x10, "BS"), (0x20, "RFU2"), (0x40, "AT"),
        (0x80, "ED"),
    ]

    static func inspect(_ bytes: [UInt8], context: inout Inspection) -> JSONValue {
        let problemsBefore = context.problems
        var members: [(String, JSONValue)] = [("length", .integer(Int64(bytes.count)))]
        guard bytes.count >= AuthenticatorData.minimumLength else {
            let minimum = AuthenticatorData.minimumLength
            let message = "authenticator data is \(bytes.count) bytes; at least \(minimum) are required"
            members.append(("error", context.problem(.malformedAuthenticatorData, message)))
            return .object(members)
        }
        let flags = bytes[32]
        members.append(("rpIdHash", .string(Inspection.hex(bytes[0..<32]))))
        members.append(("flags", .string("0x" + Inspection.hex([flags]))))
        members.append(("flagNames", .array(flagNames.filter { flags & $0.bit != 0 }.map { .string($0.name) })))
        let signCount = bytes[33..<37].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        members.append(("signCount", .integer(signCount)))
        var offset = AuthenticatorData.minimumLength
        if flags & 0x40 != 0 {
            let (attested, end) = attestedCredentialData(bytes, at: offset, context: &context)
            members.append(("attestedCredentialData", attested))
            guard let end else { return .object(members) }
            offset = end
        }
        if flags & 0x80 != 0 {
            do {
                let (value, consumed) = try CBORDecoder(mode: .lenient).decodePrefix(bytes[offset...])
                members.append(("extensions", Inspection.json(value)))
                offset += consumed
            } catch {
                members.append(("error", context.problem(error, subject: "the extensions")))
                return .object(members)
            }
        }
        if offset < bytes.count {
            members.append(("trailingBytes", .integer(Int64(bytes.count - offset))))
        }
        if context.problems == problemsBefore {
            do {
                _ = try AuthenticatorData(bytes: bytes)
            } catch {
                members.append(("error", context.problem(error, subject: "authenticator data")))
            }
        }
        return .object(members)
    }

    /// Attested credential data at `start` (§6.5.1) and the offset past it, or no offset when it is cut short
    /// (the problem is then in the returned object).
    private static func attestedCredentialData(
        _ bytes: [UInt8],
        at start: Int,
        context: inout Inspection
    ) -> (JSONValue, Int?) {
        guard bytes.count - start >= 18 else {
            let message = "the AT flag is set but only \(bytes.count - start) bytes follow the counter"
            return (.members(["error": context.problem(.malformedAuthenticatorData, message)]), nil)
        }
        var members: [(String, JSONValue)] = []
        if let aaguid = AAGUID(bytes: Array(bytes[start..<start + 16])) {
            members.append(("aaguid", .string(aaguid.uuidString)))
        }
        let length = Int(bytes[start + 16]) << 8 | Int(bytes[start + 17])
        members.append(("credentialIdLength", .integer(Int64(length))))
        let idStart = start + 18
        guard length <= bytes.count - idStart else {
            let message = "credentialIdLength is \(length) but only \(bytes.count - idStart) bytes follow it"
            members.append(("error", context.problem(.malformedAuthenticatorData, message)))
            return (.object(members), nil)
        }
        members.append(("credentialId", .string(Base64URL.encode(Array(bytes[idStart..<idStart + length])))))
        let keyStart = idStart + length
        do {
            let (value, consumed) = try CBORDecoder(mode: .lenient).decodePrefix(bytes[keyStart...])
            members.append(("publicKey", COSEKeyInspection.inspect(value, context: &context)))
            return (.object(members), keyStart + consumed)
        } catch {
            let problem = context.problem(error, subject: "the credential public key")
            members.append(("publicKey", .members(["error": problem])))
            return (.object(members), nil)
        }
    }
}
