import Foundation
import PasskeyCrypto
import Testing

/// Which libcrypto the suite runs on, and that every algorithm verifies with one key again and again on
/// it: since OpenSSL 3.2 a one-shot `EVP_DigestVerify` context cannot be reused, which a pooled context
/// would hit on the second verification.
@Suite struct LibCryptoRuntimeTests {
    /// Prints the runtime version; with `PASSKEY_EXPECT_OPENSSL_VERSION` set (such as `3.5`), fails unless
    /// the runtime's version starts with it, so that a run meant for another libcrypto cannot silently use
    /// the system one.
    @Test func theRuntimeIsTheExpectedLibCrypto() {
        let number = LibCryptoVersion.number
        print("libcrypto runtime: \(LibCryptoVersion.text) (\(number))")
        #expect(number.hasPrefix("3."))
        if let expected = ProcessInfo.processInfo.environment["PASSKEY_EXPECT_OPENSSL_VERSION"] {
            #expect(number == expected || number.hasPrefix(expected + "."), "runtime \(number), expected \(expected)")
        }
    }

    @Test(arguments: COSEAlgorithm.allSupported.sorted { $0.rawValue < $1.rawValue })
    func oneKeyVerifiesManyTimesWithGoodAndBadSignaturesInterleaved(algorithm: COSEAlgorithm) throws {
        let key = try PrivateKey.generate(algorithm)
        let publicKey = key.coseKey
        for round in 0..<6 {
            let message = Array("message \(round)".utf8)
            let signature = try key.sign(message)
            #expect(publicKey.isValidSignature(signature, for: message), "\(algorithm) round \(round)")
            var tampered = signature
            tampered[tampered.count / 2] ^= 0x01
            #expect(!publicKey.isValidSignature(tampered, for: message), "\(algorithm) round \(round), tampered")
            #expect(!publicKey.isValidSignature(signature, for: message + [0]), "\(algorithm) round \(round), other")
        }
    }
}
