/// The Authenticator Attestation GUID: 16 bytes naming the authenticator model, carried in the
/// attested credential data (WebAuthn Level 3 §6.5.1) and used to look up metadata.
///
/// Level 3 no longer requires it to be zero when attestation is `none`; passkey providers set it
/// to identify themselves.
public struct AAGUID: Sendable, Hashable, CustomStringConvertible {
    /// The 16 bytes, in the order they appear in authenticator data (§6.5.1).
    public let bytes: [UInt8]

    /// The number of bytes in an AAGUID (§6.5.1).
    public static let length = 16

    /// The all-zero AAGUID, sent by authenticators that do not identify their model (§6.5.1).
    public static let zero = AAGUID(validatedBytes: [UInt8](repeating: 0, count: AAGUID.length))

    /// Wraps `bytes`, or returns `nil` unless there are exactly 16 of them (§6.5.1).
    public init?(bytes: [UInt8]) {
        guard bytes.count == AAGUID.length else { return nil }
        self.bytes = bytes
    }

    /// Parses the RFC 9562 textual form, `8-4-4-4-12` hexadecimal digits in either case (RFC 9562 §4), or
    /// returns `nil`.
    public init?(uuidString: String) {
        let characters = Array(uuidString.utf8)
        guard characters.count == 36 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(AAGUID.length)
        var index = 0
        while index < characters.count {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard characters[index] == UInt8(ascii: "-") else { return nil }
                index += 1
                continue
            }
            guard let high = Hexadecimal.value(of: characters[index]),
                let low = Hexadecimal.value(of: characters[index + 1])
            else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.bytes = bytes
    }

    private init(validatedBytes: [UInt8]) {
        self.bytes = validatedBytes
    }

    /// The RFC 9562 textual form, lowercase: `8-4-4-4-12` hexadecimal digits.
    public var uuidString: String {
        var text = ""
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 {
                text.append("-")
            }
            text.append(Hexadecimal.digits[Int(byte >> 4)])
            text.append(Hexadecimal.digits[Int(byte & 0x0F)])
        }
        return text
    }

    /// Whether every byte is zero (§6.5.1).
    public var isZero: Bool {
        bytes.allSatisfy { $0 == 0 }
    }

    /// The ``uuidString``.
    public var description: String { uuidString }
}
