/// A CBOR map whose entries keep the order in which they were encoded.
///
/// CTAP2 §8 requires map keys to be unique; ``CBORDecoder`` enforces that, so a
/// decoded map never holds the same key twice. Lookups are linear: the maps in
/// WebAuthn structures have a handful of entries.
public struct CBORMap: Sendable, Hashable, Sequence {
    /// One key/value pair of a map (RFC 8949 §3.1, major type 5).
    public struct Entry: Sendable, Hashable {
        /// The key: an integer or a text string in decoded input.
        public var key: CBORValue
        /// The value.
        public var value: CBORValue

        /// Creates an entry.
        public init(key: CBORValue, value: CBORValue) {
            self.key = key
            self.value = value
        }
    }

    /// The entries, in encoded order.
    public let entries: [Entry]

    /// Creates a map from entries, in the given order. Callers building maps by
    /// hand are responsible for key uniqueness.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// The value stored under `key`, if any.
    public subscript(key: CBORValue) -> CBORValue? {
        for entry in entries where entry.key == key {
            return entry.value
        }
        return nil
    }

    /// The value stored under the integer key `key`, if any.
    public subscript(integerKey key: Int64) -> CBORValue? {
        self[CBORValue(integer: key)]
    }

    /// The value stored under the text key `key`, if any.
    public subscript(textKey key: String) -> CBORValue? {
        self[CBORValue.textString(key)]
    }

    /// Iterates over the entries in encoded order.
    public func makeIterator() -> IndexingIterator<[Entry]> {
        entries.makeIterator()
    }
}
