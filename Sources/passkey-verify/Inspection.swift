import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

/// The state of one `inspect` run: how many parts could not be decoded, and helpers that turn errors and
/// values into the ``JSONValue`` tree `inspect` prints.
struct Inspection {
    /// How many parts of the input failed to decode or failed the library's parsing rules.
    private(set) var problems = 0

    /// Records a problem and returns its `{"code", "message"}` object.
    mutating func problem(_ code: WebAuthnError.Code, _ message: String) -> JSONValue {
        problems += 1
        return .members(["code": .string(code.name), "message": .string(message)])
    }

    /// Records a problem from an error thrown by the library or its lower layers.
    mutating func problem(_ error: any Error, subject: String) -> JSONValue {
        switch error {
        case let error as WebAuthnError:
            return problem(error.code, error.message)
        case let error as CBORError:
            return problem(.malformedCBOR, "\(subject) is not valid CBOR: \(error.reason)")
        case let error as CryptoError where error.code == .unsupportedAlgorithm:
            return problem(.unsupportedAlgorithm, "\(subject): \(error.reason)")
        case let error as CryptoError where error.code == .invalidPublicKey:
            return problem(.invalidPublicKey, "\(subject): \(error.reason)")
        case let error as CryptoError:
            return problem(.malformedInput, "\(subject): \(error.reason)")
        default:
            return problem(.malformedInput, "\(subject): \(error)")
        }
    }

    /// Lowercase hexadecimal.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    /// A CBOR item as JSON: byte strings as base64url, integer map keys as their decimal text.
    static func json(_ value: CBORValue) -> JSONValue {
        switch value {
        case .unsignedInteger(let number):
            return Int64(exactly: number).map(JSONValue.integer) ?? .string(String(number))
        case .negativeInteger:
            return value.integerValue.map(JSONValue.integer) ?? .string("a negative integer below -2^63")
        case .byteString(let bytes): return .string(Base64URL.encode(bytes))
        case .textString(let text): return .string(text)
        case .array(let elements): return .array(elements.map(json))
        case .map(let map): return .object(map.map { (key(of: $0.key), json($0.value)) })
        case .boolean(let flag): return .bool(flag)
        case .null: return .null
        }
    }

    /// A CBOR map key as text.
    static func key(of value: CBORValue) -> String {
        switch value {
        case .textString(let text): return text
        case .unsignedInteger, .negativeInteger: return value.integerValue.map(String.init) ?? "(integer)"
        default: return "(\(json(value).compactText))"
        }
    }
}
