/// One decoded CBOR data item, restricted to the subset WebAuthn and CTAP2 use.
///
/// WebAuthn Level 3 §6.5.1 and CTAP2 §8 ("CTAP2 canonical CBOR encoding form")
/// limit attestation objects and COSE keys to integers, byte and text strings,
/// arrays, maps, booleans and null. Floats, tags, indefinite lengths and other
/// simple values are rejected by ``CBORDecoder`` and cannot be represented here.
public enum CBORValue: Sendable, Hashable {
    /// Major type 0: an unsigned integer.
    case unsignedInteger(UInt64)
    /// Major type 1: the negative integer `-1 - n`, stored as `n`.
    case negativeInteger(UInt64)
    /// Major type 2: a definite-length byte string.
    case byteString([UInt8])
    /// Major type 3: a definite-length UTF-8 text string.
    case textString(String)
    /// Major type 4: a definite-length array.
    case array([CBORValue])
    /// Major type 5: a definite-length map, entries in encoded order.
    case map(CBORMap)
    /// Major type 7, simple values 20 and 21.
    case boolean(Bool)
    /// Major type 7, simple value 22.
    case null

    /// Creates an integer item of the right major type for `value`.
    public init(integer value: Int64) {
        if value >= 0 {
            self = .unsignedInteger(UInt64(value))
        } else {
            // -1 - value cannot overflow for any negative Int64.
            self = .negativeInteger(UInt64(-1 - value))
        }
    }

    /// The item as a signed 64-bit integer, or `nil` if it is not an integer or does not fit.
    public var integerValue: Int64? {
        switch self {
        case .unsignedInteger(let value):
            return value <= UInt64(Int64.max) ? Int64(value) : nil
        case .negativeInteger(let value):
            return value <= UInt64(Int64.max) ? -1 - Int64(value) : nil
        default:
            return nil
        }
    }

    /// The bytes of a byte string item, or `nil`.
    public var byteStringValue: [UInt8]? {
        if case .byteString(let bytes) = self { return bytes }
        return nil
    }

    /// The text of a text string item, or `nil`.
    public var textStringValue: String? {
        if case .textString(let text) = self { return text }
        return nil
    }

    /// The elements of an array item, or `nil`.
    public var arrayValue: [CBORValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The map of a map item, or `nil`.
    public var mapValue: CBORMap? {
        if case .map(let map) = self { return map }
        return nil
    }

    /// The value of a boolean item, or `nil`.
    public var booleanValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }
}
