import Foundation
import PasskeyCrypto

/// One line of `Fixtures/ml-dsa/ML-DSA-*.jsonl` (written by `Scripts/make-mldsa-vectors.py`, every verdict
/// checked against Python `cryptography` 50's ML-DSA).
struct MLDSAVector: Decodable, CustomStringConvertible {
    let name: String
    let publicKey: String
    let message: String
    let context: String
    let signature: String
    /// `valid` or the name of the ``MLDSASignatureRejection`` case the verifier must report.
    let expected: String
    /// ξ, when the line pins key generation.
    let seed: String?
    /// Whether the signature is the deterministic one (rnd = 0^32) for `seed`.
    let deterministic: Bool?
    /// The DER SubjectPublicKeyInfo `cryptography` writes for the key.
    let subjectPublicKeyInfo: String?

    var description: String { name }

    /// The vectors of `parameterSet`, read from the fixture file next to the sources.
    static func load(_ parameterSet: MLDSAParameterSet) throws -> [MLDSAVector] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ml-dsa/\(parameterSet).jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try JSONDecoder().decode(MLDSAVector.self, from: Data(line.utf8))
        }
    }

    /// Every vector of every parameter set, with its parameter set.
    static let all: [(MLDSAParameterSet, MLDSAVector)] = MLDSAParameterSet.allCases.flatMap { parameterSet in
        ((try? load(parameterSet)) ?? []).map { (parameterSet, $0) }
    }
}
