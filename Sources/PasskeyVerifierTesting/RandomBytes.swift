/// Random bytes from the system's cryptographically secure generator (`SystemRandomNumberGenerator`), for
/// credential IDs, user handles and certificate serial numbers.
enum RandomBytes {
    /// `count` random bytes.
    static func generate(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<max(count, 0)).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// A positive 16-byte certificate serial number with its top byte non-zero (RFC 5280 §4.1.2.2).
    static func serialNumber() -> [UInt8] {
        var serial = generate(16)
        serial[0] = (serial[0] & 0x7F) | 0x40
        return serial
    }
}
