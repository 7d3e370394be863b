/// The encodings of the Ed25519 and Ed448 points of small order (RFC 8032 §5.1.3, §5.2.3), which a public key
/// must never be.
///
/// A public key of small order makes signature verification meaningless: with the identity, for example,
/// the signature (R = identity, S = 0) verifies for every message under libcrypto's cofactorless check.
/// Key import refuses them, whether the key arrives in a registration or is rebuilt from a stored record.
///
/// A point is identified by its y-coordinate alone (the sign bit, which selects x, is ignored): every x that
/// pairs with these y gives a small-order point or an invalid encoding. The y values are the points of order
/// 1, 2, 4 and 8 (Ed25519's cofactor is 8, Ed448's 4), plus the non-canonical encodings y = p and y = p + 1
/// of 0 and 1, which fit in the encoding because p is just below a power of two. Checked with exact group
/// arithmetic in `Tests/PasskeyCryptoTests/SmallOrderEdwardsKeyTests.swift`.
enum EdwardsCurveSmallOrderPoints {
    /// Whether the encoded public key `key` of `curve` is a point of small order (or a non-canonical
    /// encoding of one).
    static func contains(_ key: [UInt8], curve: COSEEllipticCurve) -> Bool {
        switch curve {
        case .ed25519:
            guard key.count == 32, let last = key.last else { return false }
            let y = Array(key.dropLast()) + [last & 0x7F]
            return ed25519.contains(y)
        case .ed448:
            guard key.count == 57, let last = key.last else { return false }
            let y = Array(key.dropLast()) + [last & 0x7F]
            return ed448.contains(y)
        default:
            return false
        }
    }

    /// Ed25519 (p = 2^255 − 19): little-endian y of the points of order 1, 2, 4 and 8, and of y = p, p + 1.
    private static let ed25519: Set<[UInt8]> = [
        littleEndian(low: [0x00], fill: 0x00, count: 32),  // y = 0: order 4
        littleEndian(low: [0x01], fill: 0x00, count: 32),  // y = 1: the identity, order 1
        littleEndian(low: [0xEC], fill: 0xFF, top: 0x7F, count: 32),  // y = p − 1: order 2
        littleEndian(low: [0xED], fill: 0xFF, top: 0x7F, count: 32),  // y = p ≡ 0, non-canonical
        littleEndian(low: [0xEE], fill: 0xFF, top: 0x7F, count: 32),  // y = p + 1 ≡ 1, non-canonical
        [  // order 8
            0x26, 0xE8, 0x95, 0x8F, 0xC2, 0xB2, 0x27, 0xB0, 0x45, 0xC3, 0xF4, 0x89, 0xF2, 0xEF, 0x98, 0xF0,
            0xD5, 0xDF, 0xAC, 0x05, 0xD3, 0xC6, 0x33, 0x39, 0xB1, 0x38, 0x02, 0x88, 0x6D, 0x53, 0xFC, 0x05,
        ],
        [  // order 8
            0xC7, 0x17, 0x6A, 0x70, 0x3D, 0x4D, 0xD8, 0x4F, 0xBA, 0x3C, 0x0B, 0x76, 0x0D, 0x10, 0x67, 0x0F,
            0x2A, 0x20, 0x53, 0xFA, 0x2C, 0x39, 0xCC, 0xC6, 0x4E, 0xC7, 0xFD, 0x77, 0x92, 0xAC, 0x03, 0x7A,
        ],
    ]

    /// Ed448 (p = 2^448 − 2^224 − 1, 56 bytes of y and a 57th byte holding the sign bit): y of the points
    /// of order 1, 2 and 4, and of y = p, p + 1.
    private static let ed448: Set<[UInt8]> = [
        littleEndian(low: [0x00], fill: 0x00, count: 57),  // y = 0: (±1, 0), order 4
        littleEndian(low: [0x01], fill: 0x00, count: 57),  // y = 1: the identity, order 1
        ed448Near(p: 0xFE),  // y = p − 1: order 2
        ed448Near(p: 0xFF),  // y = p ≡ 0, non-canonical
        ed448PPlusOne,  // y = p + 1 ≡ 1, non-canonical
    ]

    /// `count` little-endian bytes: `low`, then `fill`, with the last byte `top` when given.
    private static func littleEndian(low: [UInt8], fill: UInt8, top: UInt8? = nil, count: Int) -> [UInt8] {
        var bytes = low + [UInt8](repeating: fill, count: count - low.count)
        if let top { bytes[count - 1] = top }
        return bytes
    }

    /// p − 1 or p of Ed448 (lowest byte `p`), little-endian in 57 bytes: p = 2^448 − 2^224 − 1 has bytes 0–27
    /// 0xFF, byte 28 0xFE, bytes 29–55 0xFF, and byte 56 (the sign byte) 0.
    private static func ed448Near(p lowest: UInt8) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xFF, count: 57)
        bytes[0] = lowest
        bytes[28] = 0xFE
        bytes[56] = 0x00
        return bytes
    }

    /// p + 1 = 2^448 − 2^224 of Ed448, little-endian in 57 bytes: bytes 0–27 zero, 28 0xFF... (2^448 − 2^224
    /// has bits 224 to 447 set).
    private static let ed448PPlusOne: [UInt8] =
        [UInt8](repeating: 0x00, count: 28) + [UInt8](repeating: 0xFF, count: 28) + [0x00]
}
