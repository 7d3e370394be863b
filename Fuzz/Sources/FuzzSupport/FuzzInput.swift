/// A cursor over one fuzz input that splits it into the parts a target needs.
///
/// Every read is total: a part asked for past the end is empty or shorter, never a trap, so any byte
/// string is a valid input. Length prefixes are two bytes, big-endian, clipped to what remains.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    /// Wraps `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next byte, or 0 at the end.
    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// The next part: a two-byte big-endian length, then that many bytes (fewer at the end).
    public mutating func lengthPrefixed() -> [UInt8] {
        let length = Int(byte()) << 8 | Int(byte())
        let end = min(index + length, bytes.count)
        defer { index = end }
        return Array(bytes[index..<end])
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return Array(bytes[min(index, bytes.count)...])
    }

    /// The seed encoding of a part that ``lengthPrefixed()`` reads back (parts over 65535 bytes are cut).
    public static func lengthPrefixed(_ part: [UInt8]) -> [UInt8] {
        let part = Array(part.prefix(0xFFFF))
        return [UInt8(part.count >> 8), UInt8(part.count & 0xFF)] + part
    }
}
