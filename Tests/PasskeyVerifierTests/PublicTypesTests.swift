import PasskeyVerifier
import Testing

/// Every type a public signature of PasskeyVerifier uses is reachable with `import PasskeyVerifier` alone:
/// this file imports nothing else.
@Suite struct PublicTypesTests {
    @Test func theLowerLayersTypesAreReexported() throws {
        let algorithm: COSEAlgorithm = .es256
        let mode: CBORDecoder.Mode = .strict
        let anchors: [Certificate] = []
        #expect(algorithm.rawValue == -7)
        #expect(mode == .strict)
        #expect(anchors.isEmpty)
        #expect(throws: CryptoError(.invalidPublicKey, "")) { try COSEKey(encoded: [0xA0]) }
        #expect(HashAlgorithm.sha256.hash([]).count == 32)
    }
}
