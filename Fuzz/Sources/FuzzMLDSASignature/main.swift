// The ML-DSA signature decoder and verifier (FIPS 204 Algorithms 3, 8, 21, 27). The first input byte picks one
// of the valid vectors of Fixtures/ml-dsa (key, message, context), the rest is the signature. Any input
// verifies or is rejected with one reason; the Bool and the reason agree; only the vector's own signature
// verifies. Seeds: every vector's signature, valid or not, behind the selector of its key, message and context.
import CFuzzDriver
import Foundation
import FuzzSupport
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

/// One vector line of `Fixtures/ml-dsa/ML-DSA-*.jsonl`.
struct Vector: Sendable {
    let key: MLDSAPublicKey
    let message: [UInt8]
    let context: [UInt8]
    let signature: [UInt8]
    let valid: Bool

    /// Every vector of the three files, in file order.
    static let all: [Vector] = MLDSAParameterSet.allCases.flatMap { parameterSet -> [Vector] in
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/ml-dsa/\(parameterSet).jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let key = (object["publicKey"] as? String).flatMap(hex),
                let message = (object["message"] as? String).flatMap(hex),
                let context = (object["context"] as? String).flatMap(hex),
                let signature = (object["signature"] as? String).flatMap(hex),
                let expected = object["expected"] as? String,
                let publicKey = try? MLDSAPublicKey(encoded: key, parameterSet: parameterSet)
            else { return nil }
            return Vector(
                key: publicKey, message: message, context: context, signature: signature, valid: expected == "valid")
        }
    }

    /// The valid vectors: what a selector byte picks.
    static let targets: [Vector] = all.filter(\.valid)

    static func hex(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 2).map { index in
            UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)
        }.reduce(into: [UInt8]?([])) { bytes, byte in
            guard let byte else {
                bytes = nil
                return
            }
            bytes?.append(byte)
        }
    }
}

func seeds() -> [[UInt8]] {
    Vector.all.compactMap { vector in
        guard
            let index = Vector.targets.firstIndex(where: {
                $0.key == vector.key && $0.message == vector.message && $0.context == vector.context
            }), index < 256
        else { return nil }
        return [UInt8(index)] + vector.signature
    }
}

func fuzz(_ bytes: [UInt8]) {
    guard Vector.targets.count >= 3 else {
        Fuzzing.check(false, "the ML-DSA vectors of Fixtures/ml-dsa could not be read")
        return
    }
    guard let selector = bytes.first else { return }
    let target = Vector.targets[Int(selector) % Vector.targets.count]
    let signature = Array(bytes.dropFirst())
    let verified = target.key.isValidSignature(signature, for: target.message, context: target.context)
    do {
        let rejection = try target.key.rejection(of: signature, for: target.message, context: target.context)
        Fuzzing.check((rejection == nil) == verified, "isValidSignature and rejection(of:) disagree")
    } catch {
        Fuzzing.check(false, "rejection(of:) threw \(error)")
    }
    if verified {
        Fuzzing.check(signature == target.signature, "a signature other than the vector's own verified")
    }
}
