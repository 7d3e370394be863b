/// The transports a client reported at registration (WebAuthn Level 3 §5.2.1 `getTransports()`), as they are kept:
/// the relying party stores them with the credential and hands them back in every `allowCredentials` that names it
/// (§5.10.3), so they are client text that must stay small.
///
/// §5.8.4 asks clients to ignore values they do not know, so an unknown value shaped like a transport name is kept
/// for a newer client; anything else (an empty or long string, other characters), a repeat, or a value past
/// ``maximumCount`` is dropped, never refused: transports decide nothing. Records stored before this filter pass
/// through it again where their transports are sent out.
package enum ReportedTransports {
    /// The most values kept: six transports are defined today.
    package static let maximumCount = 8
    /// The longest value kept, in bytes (`smart-card` has 10).
    package static let maximumLength = 32

    /// The values of `reported` that are kept, in their order.
    package static func kept(_ reported: [String]) -> [String] {
        var kept: [String] = []
        for value in reported where kept.count < maximumCount {
            guard isTransportName(value), !kept.contains(value) else { continue }
            kept.append(value)
        }
        return kept
    }

    /// Whether `value` is 1 to ``maximumLength`` lowercase ASCII letters, digits and hyphens.
    private static func isTransportName(_ value: String) -> Bool {
        let bytes = value.utf8
        guard (1...maximumLength).contains(bytes.count) else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }
}
