#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import PasskeyVerifier

extension RecordedCeremony {
    /// The common shape of an authentication case (a `passkey-verify batch` line, `Docs/RecordedCeremonies.md`)
    /// read in one pass over the bytes instead of through `JSONDecoder`, whose `Codable` machinery costs a
    /// batch line more than all its other checks besides the signature (Docs/Performance.md, `batch`).
    ///
    /// Returns `nil`, leaving the decision to `JSONDecoder`, for anything but valid UTF-8 JSON of this plain
    /// shape: one object with `kind` `"authentication"`; a `response` object (WebAuthn Level 3 §5.1
    /// `AuthenticationResponseJSON`) with string `id`, `rawId`, `type`, optional string `authenticatorAttachment`,
    /// optional `clientExtensionResults` `{}` and a `response` object with string `clientDataJSON`,
    /// `authenticatorData`, `signature` and optional string `userHandle`; string `rpId` and `challenge`; `origins`
    /// an array of strings; `name`, `description`, `at`, `untrustedAttestationPolicy`, `publicKey`,
    /// `credentialId` strings, `requireUserVerification` and `backupEligible` booleans, `trustAnchors` and
    /// `topOrigins` arrays of strings, `signCount` a plain decimal integer (`0` or no leading zero) of at most
    /// 2³² − 1, each absent or `null`; `minimumChallengeLength`, `algorithms`, `source`, `expected`,
    /// `pendingIssue` absent or `null`. No member name may hold an escape, no member named here may occur
    /// twice in its object, a lone surrogate escape is left to `JSONDecoder`, and other members must have a
    /// string, `true`, `false`, `null` or a plain integer as value (they are ignored, as `JSONDecoder` ignores them). What it returns is what
    /// `JSONDecoder` would decode, so a line reads the same whichever path reads it, and every error still
    /// comes from `JSONDecoder`.
    static func commonAuthenticationCase(_ json: [UInt8]) -> RecordedCeremony? {
        json.withUnsafeBufferPointer { buffer -> RecordedCeremony? in
            guard !buffer.isEmpty, String(validating: buffer, as: UTF8.self) != nil else { return nil }
            var reader = PlainCaseReader(buffer)
            do throws(NotPlain) {
                return try reader.ceremony()
            } catch {
                return nil
            }
        }
    }
}

/// The line is not of the plain shape; `JSONDecoder` decides.
private struct NotPlain: Error {}

/// One forward pass over a batch line of the plain shape (``RecordedCeremony/commonAuthenticationCase(_:)``),
/// every byte access checked against the end; anything else stops it with ``NotPlain``.
private struct PlainCaseReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private static let caseMembers: [StaticString] = [
        "kind", "response", "rpId", "origins", "challenge", "publicKey", "signCount", "credentialId",
        "backupEligible", "requireUserVerification", "topOrigins", "at", "name", "description", "trustAnchors",
        "untrustedAttestationPolicy", "minimumChallengeLength", "algorithms", "source", "expected", "pendingIssue",
    ]
    private static let responseMembers: [StaticString] = [
        "id", "rawId", "type", "response", "authenticatorAttachment", "clientExtensionResults",
    ]
    private static let assertionMembers: [StaticString] = [
        "clientDataJSON", "authenticatorData", "signature", "userHandle",
    ]

    mutating func ceremony() throws(NotPlain) -> RecordedCeremony {
        var isAuthentication = false
        var response: AuthenticationResponseJSON?
        var rpId, challenge, publicKey, credentialId, at, name, description, untrustedAttestationPolicy: String?
        var origins, topOrigins, trustAnchors: [String]?
        var backupEligible, requireUserVerification: Bool?
        var signCount: UInt32?
        try readObject(Self.caseMembers) { (reader, member) throws(NotPlain) in
            switch member {
            case 0: isAuthentication = try reader.string() == "authentication"
            case 1: response = try reader.authenticationResponse()
            case 2: rpId = try reader.string()
            case 3: origins = try reader.strings()
            case 4: challenge = try reader.string()
            case 5: publicKey = try reader.optionalString()
            case 6: signCount = try reader.skipNull() ? nil : try reader.unsignedInteger()
            case 7: credentialId = try reader.optionalString()
            case 8: backupEligible = try reader.skipNull() ? nil : try reader.boolean()
            case 9: requireUserVerification = try reader.skipNull() ? nil : try reader.boolean()
            case 10: topOrigins = try reader.skipNull() ? nil : try reader.strings()
            case 11: at = try reader.optionalString()
            case 12: name = try reader.optionalString()
            case 13: description = try reader.optionalString()
            case 14: trustAnchors = try reader.skipNull() ? nil : try reader.strings()
            case 15: untrustedAttestationPolicy = try reader.optionalString()
            case Self.caseMembers.count...: try reader.otherValue()
            default: try reader.literal("null")
            }
        }
        skipWhitespace()
        guard index == bytes.count, isAuthentication, let response, let rpId, let origins, let challenge else {
            throw NotPlain()
        }
        var ceremony = RecordedCeremony(
            name: name,
            response: .authentication(response),
            rpId: rpId,
            origins: origins,
            challenge: challenge,
            at: at
        )
        ceremony.publicKey = publicKey
        ceremony.signCount = signCount
        ceremony.credentialId = credentialId
        ceremony.backupEligible = backupEligible
        ceremony.requireUserVerification = requireUserVerification
        ceremony.topOrigins = topOrigins
        ceremony.description = description
        ceremony.trustAnchors = trustAnchors
        ceremony.untrustedAttestationPolicy = untrustedAttestationPolicy
        return ceremony
    }

    private mutating func authenticationResponse() throws(NotPlain) -> AuthenticationResponseJSON {
        var id, rawId, type, attachment: String?
        var assertion: AuthenticatorAssertionResponseJSON?
        var extensions: AuthenticationExtensionsClientOutputsJSON?
        try readObject(Self.responseMembers) { (reader, member) throws(NotPlain) in
            switch member {
            case 0: id = try reader.string()
            case 1: rawId = try reader.string()
            case 2: type = try reader.string()
            case 3: assertion = try reader.assertion()
            case 4: attachment = try reader.string()
            case 5:
                try reader.readObject([]) { (_, _) throws(NotPlain) in throw NotPlain() }
                extensions = AuthenticationExtensionsClientOutputsJSON()
            default: try reader.otherValue()
            }
        }
        guard let id, let rawId, let type, let assertion else { throw NotPlain() }
        return AuthenticationResponseJSON(
            id: id,
            rawId: rawId,
            type: type,
            response: assertion,
            authenticatorAttachment: attachment,
            clientExtensionResults: extensions
        )
    }

    private mutating func assertion() throws(NotPlain) -> AuthenticatorAssertionResponseJSON {
        var clientDataJSON, authenticatorData, signature, userHandle: String?
        try readObject(Self.assertionMembers) { (reader, member) throws(NotPlain) in
            switch member {
            case 0: clientDataJSON = try reader.string()
            case 1: authenticatorData = try reader.string()
            case 2: signature = try reader.string()
            case 3: userHandle = try reader.string()
            default: try reader.otherValue()
            }
        }
        guard let clientDataJSON, let authenticatorData, let signature else { throw NotPlain() }
        return AuthenticatorAssertionResponseJSON(
            clientDataJSON: clientDataJSON,
            authenticatorData: authenticatorData,
            signature: signature,
            userHandle: userHandle
        )
    }

    /// Reads `{ "name": value, … }`, calling `member` with the index of each name in `names` (`names.count`
    /// for another name) to read its value; a name of `names` that occurs twice is not plain.
    private mutating func readObject(
        _ names: [StaticString],
        member: (inout PlainCaseReader, Int) throws(NotPlain) -> Void
    ) throws(NotPlain) {
        skipWhitespace()
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        var seen: UInt64 = 0
        while true {
            skipWhitespace()
            let name = try plainString()
            let known = names.firstIndex { Self.equal(name, $0) } ?? names.count
            if known < names.count {
                guard seen & (1 << known) == 0 else { throw NotPlain() }
                seen |= 1 << known
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try member(&self, known)
            skipWhitespace()
            guard let separator = next() else { throw NotPlain() }
            if separator == UInt8(ascii: "}") { break }
            guard separator == UInt8(ascii: ",") else { throw NotPlain() }
        }
    }

    private static func equal(_ text: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        text.count == name.utf8CodeUnitCount
            && name.withUTF8Buffer { expected in text.elementsEqual(expected) }
    }

    /// Whether the value is `null`, which it then skips.
    private mutating func skipNull() throws(NotPlain) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// A string, or `null` as `nil`.
    private mutating func optionalString() throws(NotPlain) -> String? {
        try skipNull() ? nil : try string()
    }

    /// A string without escapes or control characters, as the bytes between its quotes.
    private mutating func plainString() throws(NotPlain) -> UnsafeBufferPointer<UInt8> {
        try expect(UInt8(ascii: "\""))
        let start = index
        guard let base = bytes.baseAddress, start < bytes.count,
            let quote = memchr(base + start, Int32(UInt8(ascii: "\"")), bytes.count - start)
        else { throw NotPlain() }
        let end = base.distance(to: quote.assumingMemoryBound(to: UInt8.self))
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        // Whole-span reductions, which the compiler vectorizes, rather than a test and branch per byte.
        var smallest: UInt8 = 0xFF
        var backslashes: UInt8 = 0
        for byte in text {
            smallest = min(smallest, byte)
            backslashes |= byte == UInt8(ascii: "\\") ? 1 : 0
        }
        guard smallest >= 0x20, backslashes == 0 else { throw NotPlain() }
        index = end + 1
        return text
    }

    /// A string value, its escapes decoded (RFC 8259 §7: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\uXXXX`,
    /// a high surrogate only with a low one after it). The line was validated as UTF-8, and quotes and
    /// backslashes never split a multi-byte sequence.
    private mutating func string() throws(NotPlain) -> String {
        let start = index
        do throws(NotPlain) {
            return String(decoding: try plainString(), as: UTF8.self)
        } catch {
            index = start
            return try escapedString()
        }
    }

    /// A string with escapes (or not a string: then ``NotPlain``).
    private mutating func escapedString() throws(NotPlain) -> String {
        try expect(UInt8(ascii: "\""))
        var scalars = String.UnicodeScalarView()
        while true {
            guard let byte = next() else { throw NotPlain() }
            switch byte {
            case UInt8(ascii: "\""):
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(try escape())
            case 0..<0x20:
                throw NotPlain()
            case 0..<0x80:
                scalars.append(Unicode.Scalar(byte))
            default:
                // A multi-byte sequence of the validated UTF-8: copy it whole.
                let start = index - 1
                var end = index
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 {
                    end += 1
                }
                scalars.append(
                    contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                        .unicodeScalars)
                index = end
            }
        }
    }

    /// The character an escape stands for, after its backslash.
    private mutating func escape() throws(NotPlain) -> Unicode.Scalar {
        switch next() {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return Unicode.Scalar(0x08)
        case UInt8(ascii: "f"): return Unicode.Scalar(0x0C)
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexadecimalUnit()
            switch unit {
            case 0xD800...0xDBFF:
                guard next() == UInt8(ascii: "\\"), next() == UInt8(ascii: "u") else { throw NotPlain() }
                let low = try hexadecimalUnit()
                guard (0xDC00...0xDFFF).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                else { throw NotPlain() }
                return scalar
            default:
                guard let scalar = Unicode.Scalar(unit) else { throw NotPlain() }
                return scalar
            }
        default:
            throw NotPlain()
        }
    }

    private mutating func hexadecimalUnit() throws(NotPlain) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = next() else { throw NotPlain() }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw NotPlain()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// `[ "…", … ]` of plain strings.
    private mutating func strings() throws(NotPlain) -> [String] {
        try expect(UInt8(ascii: "["))
        var strings: [String] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return strings
        }
        while true {
            skipWhitespace()
            strings.append(try string())
            skipWhitespace()
            guard let separator = next() else { throw NotPlain() }
            if separator == UInt8(ascii: "]") { return strings }
            guard separator == UInt8(ascii: ",") else { throw NotPlain() }
        }
    }

    private mutating func boolean() throws(NotPlain) -> Bool {
        if peek() == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    /// `0` or digits without a leading zero, up to `UInt32.max`, followed by no fraction or exponent.
    private mutating func unsignedInteger() throws(NotPlain) -> UInt32 {
        let start = index
        var value: UInt64 = 0
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            guard index - start < 10 else { throw NotPlain() }
            value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
            index += 1
        }
        let count = index - start
        guard count > 0, count == 1 || bytes[start] != UInt8(ascii: "0"), let result = UInt32(exactly: value) else {
            throw NotPlain()
        }
        return result
    }

    /// The value of a member the shape ignores: a plain string, `true`, `false`, `null` or a plain integer.
    private mutating func otherValue() throws(NotPlain) {
        switch peek() {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try boolean()
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try unsignedInteger()
        }
    }

    private mutating func literal(_ text: StaticString) throws(NotPlain) {
        let count = text.utf8CodeUnitCount
        guard bytes.count - index >= count,
            text.withUTF8Buffer({ UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual($0) })
        else { throw NotPlain() }
        index += count
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws(NotPlain) {
        guard next() == byte else { throw NotPlain() }
    }

    private mutating func skipWhitespace() {
        var position = index
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { break }
            position += 1
        }
        index = position
    }
}
