import PasskeyCrypto
import Testing

/// A key reuses its verification contexts (one pool per key and algorithm): reuse must never change a verdict,
/// whatever the order of valid, invalid and malformed signatures and of algorithms.
@Suite struct VerificationContextReuseTests {
    @Test(arguments: [COSEAlgorithm.es256, .es384, .es512, .edDSA, .ed448])
    func verdictsStayRightAcrossReuse(algorithm: COSEAlgorithm) throws {
        let key = try PrivateKey.generate(algorithm)
        let message = Array("authenticatorData || clientDataHash".utf8)
        let signature = try key.sign(message)
        var wrong = signature
        wrong[wrong.count - 1] ^= 0x80
        let publicKey = key.coseKey
        for round in 0..<20 {
            #expect(publicKey.isValidSignature(signature, for: message), "round \(round)")
            #expect(!publicKey.isValidSignature(wrong, for: message), "round \(round)")
            #expect(!publicKey.isValidSignature([], for: message), "round \(round)")
            #expect(!publicKey.isValidSignature(signature, for: message + [0]), "round \(round)")
        }
    }

    @Test func oneRSAKeyKeepsSeparateContextsForPKCS1AndPSS() throws {
        let rsa = try #require(PrivateKeyTests.rsaKey)
        let pkcs1 = try rsa.with(algorithm: .rs256)
        let pss = try rsa.with(algorithm: .ps256)
        let message: [UInt8] = Array(0..<100)
        let pkcs1Signature = try pkcs1.sign(message)
        let pssSignature = try pss.sign(message)
        let publicKey = pkcs1.publicKey
        for _ in 0..<5 {
            #expect(try publicKey.isValidSignature(pkcs1Signature, for: message, algorithm: .rs256))
            #expect(try publicKey.isValidSignature(pssSignature, for: message, algorithm: .ps256))
            #expect(try !publicKey.isValidSignature(pssSignature, for: message, algorithm: .rs256))
            #expect(try !publicKey.isValidSignature(pkcs1Signature, for: message, algorithm: .ps256))
            #expect(
                try publicKey.isValidSignature(
                    try pkcs1.sign(message, algorithm: .rs384), for: message, algorithm: .rs384))
        }
    }
}
