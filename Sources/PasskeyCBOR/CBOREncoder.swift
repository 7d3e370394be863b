/// Encodes ``CBORValue``s in the CTAP2 canonical CBOR encoding form (CTAP2 §8),
/// the form WebAuthn Level 3 §6.5.1 requires for attestation objects and COSE
/// keys.
///
/// The output uses the shortest head for every integer and length (RFC 8949
/// §4.2.1), definite lengths only, and map keys sorted by their encoded bytes:
/// lower major type first, then shorter encoding, then bytewise lexicographic
/// order (CTAP2 §8; RFC 8949 §4.2.3), whatever order the ``CBORMap`` holds them
/// in. Decoding the output with ``CBORDecoder`` in strict mode returns an equal
/// value when the map keys are unique integers or text strings.
public enum CBOREncoder {
    /// Returns the CTAP2 canonical encoding (CTAP2 §8) of `value`.
    ///
    /// Maps built by hand with duplicate keys are encoded with the duplicates
    /// kept side by side; such output is not valid CTAP2 CBOR, and
    /// ``CBORDecoder`` rejects it. Recursion follows the nesting of `value`,
    /// which the caller built in memory.
    public static func encode(_ value: CBORValue) -> [UInt8] {
        var output: [UInt8] = []
        append(value, to: &output)
        return output
    }

    private static func append(_ value: CBORValue, to output: inout [UInt8]) {
        switch value {
        case .unsignedInteger(let argument):
            appendHead(majorType: 0, argument: argument, to: &output)
        case .negativeInteger(let argument):
            appendHead(majorType: 1, argument: argument, to: &output)
        case .byteString(let bytes):
            appendHead(majorType: 2, argument: UInt64(bytes.count), to: &output)
            output.append(contentsOf: bytes)
        case .textString(let text):
            appendHead(majorType: 3, argument: UInt64(text.utf8.count), to: &output)
            output.append(contentsOf: text.utf8)
        case .array(let elements):
            appendHead(majorType: 4, argument: UInt64(elements.count), to: &output)
            for element in elements {
                append(element, to: &output)
            }
        case .map(let map):
            appendHead(majorType: 5, argument: UInt64(map.count), to: &output)
            let encodedKeys = map.entries.map { encode($0.key) }
            let order = encodedKeys.indices.sorted {
                CTAP2CanonicalKeyOrder.precedes(encodedKeys[$0][...], encodedKeys[$1][...])
            }
            for position in order {
                output.append(contentsOf: encodedKeys[position])
                append(map.entries[position].value, to: &output)
            }
        case .boolean(let flag):
            output.append(flag ? 0xF5 : 0xF4)
        case .null:
            output.append(0xF6)
        }
    }

    /// Appends the shortest head (RFC 8949 §3, §4.2.1) for `argument`.
    private static func appendHead(majorType: UInt8, argument: UInt64, to output: inout [UInt8]) {
        let typeBits = majorType << 5
        let argumentSize: Int
        switch argument {
        case 0..<24:
            output.append(typeBits | UInt8(argument))
            return
        case 24...0xFF:
            output.append(typeBits | 24)
            argumentSize = 1
        case 0x100...0xFFFF:
            output.append(typeBits | 25)
            argumentSize = 2
        case 0x1_0000...0xFFFF_FFFF:
            output.append(typeBits | 26)
            argumentSize = 4
        default:
            output.append(typeBits | 27)
            argumentSize = 8
        }
        for shift in stride(from: 8 * (argumentSize - 1), through: 0, by: -8) {
            output.append(UInt8(truncatingIfNeeded: argument >> UInt64(shift)))
        }
    }
}
