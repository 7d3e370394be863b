/// An error thrown by ``CBORDecoder`` when its input is not CBOR of the strict
/// subset WebAuthn Level 3 §6.5.1 and CTAP2 §8 allow.
///
/// Each error carries a ``code`` saying which rule of RFC 8949 or CTAP2 §8
/// ("CTAP2 canonical CBOR encoding form") the input broke, a human-readable
/// ``reason`` naming the offending item and its byte offset, and the ``offset``
/// itself. Equality and hashing consider only the ``code``, so tests and callers
/// match on codes while the wording of reasons may improve freely.
public struct CBORError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of rule the input broke: RFC 8949 §3 (well-formed CBOR), the WebAuthn Level 3 §6.5.1 subset,
    /// or CTAP2 §8 canonical encoding.
    ///
    /// A closed set of values exposed as static constants, so new codes can be
    /// added without breaking exhaustive `switch` statements in callers.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Backing: String, Sendable, Hashable {
            case truncated
            case lengthExceedsInput
            case indefiniteLength
            case reservedAdditionalInformation
            case unsupportedTag
            case unsupportedFloat
            case unsupportedSimpleValue
            case duplicateMapKey
            case invalidMapKeyType
            case invalidUTF8
            case integerOverflow
            case nestingTooDeep
            case trailingBytes
            case nonCanonicalEncoding
            case unsortedMapKeys
        }

        private let backing: Backing

        private init(_ backing: Backing) {
            self.backing = backing
        }

        /// The input ended inside a data item (RFC 8949 §3: a head or its
        /// content is incomplete; Appendix F "too little data").
        public static let truncated = Code(.truncated)
        /// A string, array or map declares more content than the remaining
        /// input could hold (RFC 8949 §3.1, §10 "Security Considerations":
        /// checked before any allocation).
        public static let lengthExceedsInput = Code(.lengthExceedsInput)
        /// Additional information 31: an indefinite length or a stray "break"
        /// (RFC 8949 §3.2), which CTAP2 §8 forbids, or 31 in an integer head,
        /// which is not well-formed (RFC 8949 §3).
        public static let indefiniteLength = Code(.indefiniteLength)
        /// Additional information 28, 29 or 30, reserved by RFC 8949 §3.
        public static let reservedAdditionalInformation = Code(.reservedAdditionalInformation)
        /// A tag (major type 6, RFC 8949 §3.4); CTAP2 §8 forbids tags.
        public static let unsupportedTag = Code(.unsupportedTag)
        /// A floating-point number (major type 7, additional information 25-27,
        /// RFC 8949 §3.3); WebAuthn §6.5.1 structures never contain one.
        public static let unsupportedFloat = Code(.unsupportedFloat)
        /// A simple value other than false, true or null (RFC 8949 §3.3),
        /// including undefined (23) and one-byte simple values (24).
        public static let unsupportedSimpleValue = Code(.unsupportedSimpleValue)
        /// A map holds the same key twice (RFC 8949 §5.6; CTAP2 §8 and
        /// WebAuthn §2.4 require rejecting duplicates).
        public static let duplicateMapKey = Code(.duplicateMapKey)
        /// A map key is neither an integer nor a text string (CTAP2 §8,
        /// WebAuthn §6.5.1).
        public static let invalidMapKeyType = Code(.invalidMapKeyType)
        /// A text string is not valid UTF-8 (RFC 8949 §3.1 major type 3, §5.3.1).
        public static let invalidUTF8 = Code(.invalidUTF8)
        /// A length or count does not fit `Int` on this platform (RFC 8949 §3.1
        /// allows 64-bit arguments).
        public static let integerOverflow = Code(.integerOverflow)
        /// Arrays and maps are nested deeper than the decoder's maximum depth
        /// (RFC 8949 §10 advises bounding nesting; CTAP2 §8 limits it too).
        public static let nestingTooDeep = Code(.nestingTooDeep)
        /// Bytes follow the single top-level data item (RFC 8949 §5.1: a
        /// well-formed item followed by extra data is not a single item).
        public static let trailingBytes = Code(.trailingBytes)
        /// A head is longer than needed for its argument (RFC 8949 §4.2.1
        /// "preferred serialization"; CTAP2 §8 requires the shortest form).
        public static let nonCanonicalEncoding = Code(.nonCanonicalEncoding)
        /// Map keys are not in CTAP2 §8 canonical order (major type, then
        /// encoded length, then bytewise lexicographic order of the encoded keys).
        public static let unsortedMapKeys = Code(.unsortedMapKeys)

        /// The code's name, such as `truncated`.
        public var description: String {
            backing.rawValue
        }
    }

    /// The kind of rule the input broke.
    public let code: Code
    /// What was wrong, naming the item and its byte offset, for diagnostics.
    public let reason: String
    /// The byte offset of the problem, counted from the first byte handed to
    /// the decoder (for an `ArraySlice`, from its `startIndex`).
    public let offset: Int

    /// Creates an error with the given code, reason and byte offset.
    public init(_ code: Code, reason: String, offset: Int) {
        self.code = code
        self.reason = reason
        self.offset = offset
    }

    /// A description such as `CBORError.truncated: ... at offset 3`.
    public var description: String {
        "CBORError.\(code): \(reason)"
    }

    /// Two errors are equal when their codes are equal; reasons and offsets are
    /// diagnostics only.
    public static func == (lhs: CBORError, rhs: CBORError) -> Bool {
        lhs.code == rhs.code
    }

    /// Hashes the code only, consistent with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }
}
