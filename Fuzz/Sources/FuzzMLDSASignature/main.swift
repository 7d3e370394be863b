// The ML-DSA signature decoder and verifier (FIPS 204 Algorithms 8, 21, 27): the first input byte picks the
// parameter set, the rest is the signature of a fixed message under a fixed key. Any input verifies or is
// rejected with one reason; the Bool and the reason agree; only an unchanged valid signature verifies.
import CFuzzDriver
import FuzzSupport
import Foundation
import PasskeyCrypto

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    Fuzzing.writeSeedsIfRequested { seeds() }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    fuzz(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

/// The entry point SwiftPM links as `main`: hands the arguments to libFuzzer's driver.
@_cdecl("FuzzMLDSASignature_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

/// One fixed key per parameter set (from a fixed seed), the message it signs and its valid signature.
struct Signer: Sendable {
    let key: MLDSAPublicKey
    let signature: [UInt8]

    static let message = Array("authenticatorData || SHA-256(clientDataJSON)".utf8)

    static let all: [Signer] = MLDSAParameterSet.allCases.enumerated().compactMap { index, parameterSet in
        guard
            let privateKey = try? MLDSAPrivateKey(
                seed: [UInt8](repeating: UInt8(index + 1), count: 32),
                parameterSet: parameterSet),
            let signature = try? privateKey.signature(
                for: message, randomness: [UInt8](repeating: 0, count: 32))
        else { return nil }
        return Signer(key: privateKey.publicKey, signature: signature)
    }
}

func seeds() -> [[UInt8]] {
    Signer.all.enumerated().map { [UInt8($0.offset)] + $0.element.signature }
}

func fuzz(_ bytes: [UInt8]) {
    guard Signer.all.count == 3 else {
        Fuzzing.check(false, "the fixed keys could not be made")
        return
    }
    guard let selector = bytes.first else { return }
    let signer = Signer.all[Int(selector) % Signer.all.count]
    let signature = Array(bytes.dropFirst())
    let verified = signer.key.isValidSignature(signature, for: Signer.message)
    do {
        let rejection = try signer.key.rejection(of: signature, for: Signer.message)
        Fuzzing.check((rejection == nil) == verified, "isValidSignature and rejection(of:) disagree")
    } catch {
        Fuzzing.check(false, "rejection(of:) threw \(error)")
    }
    if verified {
        Fuzzing.check(signature == signer.signature, "a signature other than the fixed one verified")
    }
}
