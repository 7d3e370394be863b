import PasskeyCrypto
import Testing

@Suite struct HashAlgorithmTests {
    @Test func sha256OfTheRelyingPartyIDMatchesTheW3CVectors() {
        let hash = HashAlgorithm.sha256.hash(Array("example.org".utf8))
        let hex = hash.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            .joined()
        #expect(hex == "bfabc37432958b063360d3ad6461c9c4735ae7f8edd46592a5e0f01452b2e4b5")
    }
}
