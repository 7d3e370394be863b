import PasskeyCBOR
import PasskeyCrypto
import Testing

/// Ed25519 and Ed448 public keys of small order are refused at import (RFC 8032; the list is checked with
/// exact group arithmetic by `Scripts/check-small-order-points.py`), one test per point class, because with
/// such a key one forged signature verifies for many messages.
@Suite struct SmallOrderEdwardsKeyTests {
    static let invalidPublicKey = CryptoError(.invalidPublicKey, "")
    static let p25519: [UInt8] = [0xED] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]

    /// `value` as a little-endian field element of `count` bytes plus `add` (no carry beyond the low byte).
    static func plus(_ value: [UInt8], _ add: Int) -> [UInt8] {
        var bytes = value
        bytes[0] = UInt8(Int(bytes[0]) + add)
        return bytes
    }

    /// An OKP COSE_Key (kty 1) with `x` on `curve` (6 Ed25519, 7 Ed448) for `algorithm` (-8 EdDSA, -53 Ed448).
    static func okpKey(_ x: [UInt8], curve: UInt64, algorithm: Int64) -> [UInt8] {
        CBOREncoder.encode(
            .map(
                CBORMap(entries: [
                    CBORMap.Entry(key: CBORValue(integer: 1), value: CBORValue(integer: 1)),
                    CBORMap.Entry(key: CBORValue(integer: 3), value: CBORValue(integer: algorithm)),
                    CBORMap.Entry(key: CBORValue(integer: -1), value: .unsignedInteger(curve)),
                    CBORMap.Entry(key: CBORValue(integer: -2), value: .byteString(x)),
                ])
            )
        )
    }

    /// Both sign bits of `y` (the top bit of the last byte) as Ed25519 keys (EdDSA and Ed25519 algorithm
    /// identifiers) or Ed448 keys, each refused.
    static func expectRefused(_ y: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let ed25519 = y.count == 32
        for sign in [UInt8(0x00), 0x80] {
            var x = y
            x[x.count - 1] |= sign
            for algorithm in ed25519 ? [Int64(-8), -19] : [-53] {
                let key = okpKey(x, curve: ed25519 ? 6 : 7, algorithm: algorithm)
                #expect(throws: invalidPublicKey, "\(x)", sourceLocation: sourceLocation) {
                    try COSEKey(encoded: key)
                }
            }
        }
    }

    @Test func ed25519IdentityOrder1() {
        Self.expectRefused([0x01] + [UInt8](repeating: 0, count: 31))
    }

    @Test func ed25519Order2() {
        Self.expectRefused(Self.plus(Self.p25519, -1))
    }

    @Test func ed25519Order4() {
        Self.expectRefused([UInt8](repeating: 0, count: 32))
    }

    @Test func ed25519Order8() {
        Self.expectRefused([
            0x26, 0xE8, 0x95, 0x8F, 0xC2, 0xB2, 0x27, 0xB0, 0x45, 0xC3, 0xF4, 0x89, 0xF2, 0xEF, 0x98, 0xF0,
            0xD5, 0xDF, 0xAC, 0x05, 0xD3, 0xC6, 0x33, 0x39, 0xB1, 0x38, 0x02, 0x88, 0x6D, 0x53, 0xFC, 0x05,
        ])
        Self.expectRefused([
            0xC7, 0x17, 0x6A, 0x70, 0x3D, 0x4D, 0xD8, 0x4F, 0xBA, 0x3C, 0x0B, 0x76, 0x0D, 0x10, 0x67, 0x0F,
            0x2A, 0x20, 0x53, 0xFA, 0x2C, 0x39, 0xCC, 0xC6, 0x4E, 0xC7, 0xFD, 0x77, 0x92, 0xAC, 0x03, 0x7A,
        ])
    }

    @Test func ed25519NonCanonicalEncodingsOfSmallOrderPoints() {
        Self.expectRefused(Self.p25519)  // y = p ≡ 0
        Self.expectRefused(Self.plus(Self.p25519, 1))  // y = p + 1 ≡ 1
    }

    static let p448: [UInt8] = {
        var bytes = [UInt8](repeating: 0xFF, count: 57)
        bytes[28] = 0xFE
        bytes[56] = 0
        return bytes
    }()

    @Test func ed448IdentityOrder1() {
        Self.expectRefused([0x01] + [UInt8](repeating: 0, count: 56))
    }

    @Test func ed448Order2() {
        Self.expectRefused(Self.plus(Self.p448, -1))
    }

    @Test func ed448Order4() {
        Self.expectRefused([UInt8](repeating: 0, count: 57))
    }

    @Test func ed448NonCanonicalEncodingsOfSmallOrderPoints() {
        Self.expectRefused(Self.p448)
        Self.expectRefused([UInt8](repeating: 0, count: 28) + [UInt8](repeating: 0xFF, count: 28) + [0])
    }

    @Test func ordinaryKeysStillImport() throws {
        for algorithm in [COSEAlgorithm.edDSA, .ed448] {
            let key = try PrivateKey.generate(algorithm)
            let imported = try COSEKey(encoded: key.coseKey.encoded)
            let signature = try key.sign([1, 2, 3])
            #expect(imported.isValidSignature(signature, for: [1, 2, 3]))
        }
    }

    /// Why: libcrypto itself accepts the Ed25519 identity as a key, and then the signature (R = identity,
    /// S = 0) verifies for any message. Only the import check stands between such a key and a forged sign-in.
    @Test func withTheIdentityAsKeyOneForgedSignatureVerifiesEveryMessage() throws {
        let identity: [UInt8] = [0x01] + [UInt8](repeating: 0, count: 31)
        let spki: [UInt8] = [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00] + identity
        let raw = try PublicKey(subjectPublicKeyInfo: spki)
        let forged = identity + [UInt8](repeating: 0, count: 32)
        let messages: [[UInt8]] = [Array("sign in as alice".utf8), Array("transfer everything".utf8)]
        let accepted = try messages.map { try raw.isValidSignature(forged, for: $0, algorithm: .edDSA) }
        #expect(accepted == [true, true], "libcrypto \(LibCryptoVersion.text)")
        #expect(throws: Self.invalidPublicKey) { try COSEKey(encoded: Self.okpKey(identity, curve: 6, algorithm: -8)) }
    }
}
