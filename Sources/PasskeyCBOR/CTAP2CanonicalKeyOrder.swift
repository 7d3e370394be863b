/// The map-key order of the CTAP2 canonical CBOR encoding form (CTAP2 §8).
///
/// Keys are compared by their encoded bytes: the lower major type sorts first,
/// then the shorter encoding, then the bytewise lexicographically lower one.
/// This equals RFC 8949 §4.2.3 "length-first" ordering. For COSE keys it yields
/// `1, 3, -1, -2, -3` (bytes `01 03 20 21 22`); for an attestation object,
/// `fmt`, `attStmt`, `authData`.
enum CTAP2CanonicalKeyOrder {
    /// Whether the encoded key `lhs` sorts strictly before the encoded key `rhs`.
    static func precedes(_ lhs: ArraySlice<UInt8>, _ rhs: ArraySlice<UInt8>) -> Bool {
        let lhsMajorType = lhs.first.map { $0 >> 5 } ?? 0
        let rhsMajorType = rhs.first.map { $0 >> 5 } ?? 0
        if lhsMajorType != rhsMajorType {
            return lhsMajorType < rhsMajorType
        }
        if lhs.count != rhs.count {
            return lhs.count < rhs.count
        }
        return lhs.lexicographicallyPrecedes(rhs)
    }
}
