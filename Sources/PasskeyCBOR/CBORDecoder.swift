/// A strict decoder for the CBOR subset WebAuthn Level 3 §6.5.1 and CTAP2 §8
/// use: integers, definite-length byte and text strings, arrays and maps,
/// false, true and null.
///
/// It rejects, with a specific ``CBORError/Code``, everything else RFC 8949
/// allows (tags, floats, other simple values, indefinite lengths, reserved
/// heads), duplicate map keys, map keys that are neither integers nor text,
/// invalid UTF-8, lengths that exceed the input (checked before allocating) and
/// nesting deeper than ``maximumDepth``. In ``Mode/strict`` mode it also
/// enforces the CTAP2 §8 canonical form. No input can make it trap or run
/// longer than roughly linear time in the input size.
public struct CBORDecoder: Sendable {
    /// How closely the input must follow the CTAP2 §8 canonical encoding form.
    ///
    /// WebAuthn Level 3 §2.4 says relying parties SHOULD reject CBOR that is
    /// not CTAP2 canonical; some conformance-tool output has unsorted keys.
    public enum Mode: Sendable, Hashable {
        /// Require shortest heads (RFC 8949 §4.2.1) and map keys in CTAP2 §8
        /// canonical order.
        case strict
        /// Accept longer-than-needed heads and unsorted map keys; every other
        /// rule, including the ban on duplicate keys, still applies.
        case lenient
    }

    /// The default nesting limit: enough for an attestation object with a
    /// `compound` statement (WebAuthn Level 3 §8.8 "Compound Attestation
    /// Statement Format"), which needs depth 5, with headroom.
    public static let defaultMaximumDepth = 8

    /// The largest ``maximumDepth`` a decoder accepts; larger requests are
    /// clamped so that decoding never recurses deeply enough to exhaust the
    /// stack (RFC 8949 §10).
    public static let maximumSupportedDepth = 64

    /// Whether the CTAP2 §8 canonical form is required.
    public let mode: Mode

    /// How many arrays and maps may enclose one another: a flat map is depth 1,
    /// a map holding an array is depth 2, and a lone integer is depth 0.
    public let maximumDepth: Int

    /// Creates a decoder.
    ///
    /// - Parameters:
    ///   - mode: ``Mode/strict`` (the default) enforces the CTAP2 §8 canonical form.
    ///   - maximumDepth: The nesting limit, clamped to the range from 0 to
    ///     ``maximumSupportedDepth``.
    public init(mode: Mode = .strict, maximumDepth: Int = CBORDecoder.defaultMaximumDepth) {
        self.mode = mode
        self.maximumDepth = min(max(maximumDepth, 0), CBORDecoder.maximumSupportedDepth)
    }

    /// Decodes the data item at the start of `bytes` and reports how many bytes
    /// it took (RFC 8949 §5.1 "decoding a CBOR sequence prefix"). Bytes after
    /// the item are left alone, so an item embedded in a larger structure, such
    /// as the credential public key inside authenticator data (WebAuthn Level 3
    /// §6.5.1), is measured without re-encoding it.
    ///
    /// - Throws: ``CBORError`` describing the first problem found.
    public func decodePrefix(_ bytes: [UInt8]) throws -> (value: CBORValue, bytesConsumed: Int) {
        try decodePrefix(bytes[...])
    }

    /// Decodes the data item at the start of `bytes` and reports how many bytes
    /// it took (RFC 8949 §5.1); error offsets count from `bytes.startIndex`.
    ///
    /// - Throws: ``CBORError`` describing the first problem found.
    public func decodePrefix(_ bytes: ArraySlice<UInt8>) throws -> (value: CBORValue, bytesConsumed: Int) {
        var reader = makeReader(bytes)
        let value = try reader.readItem(depth: 0)
        return (value, reader.bytesConsumed)
    }

    /// Decodes `bytes` as exactly one data item (RFC 8949 §5.1); anything after
    /// it is an error with code ``CBORError/Code/trailingBytes``.
    ///
    /// - Throws: ``CBORError`` describing the first problem found.
    public func decode(_ bytes: [UInt8]) throws -> CBORValue {
        try decode(bytes[...])
    }

    /// Decodes `bytes` as exactly one data item (RFC 8949 §5.1); anything after
    /// it is an error with code ``CBORError/Code/trailingBytes``. Error offsets
    /// count from `bytes.startIndex`.
    ///
    /// - Throws: ``CBORError`` describing the first problem found.
    public func decode(_ bytes: ArraySlice<UInt8>) throws -> CBORValue {
        var reader = makeReader(bytes)
        let value = try reader.readItem(depth: 0)
        let consumed = reader.bytesConsumed
        guard consumed == bytes.count else {
            throw CBORError(
                .trailingBytes,
                reason: "\(bytes.count - consumed) bytes follow the data item at offset \(consumed)",
                offset: consumed
            )
        }
        return value
    }

    private func makeReader(_ bytes: ArraySlice<UInt8>) -> CBORReader {
        CBORReader(bytes: bytes, requiresCanonicalForm: mode == .strict, maximumDepth: maximumDepth)
    }
}
