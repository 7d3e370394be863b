import Foundation

/// Synthetic App Attest test data (Apple DeviceCheck): a test root CA and attestation objects that break one rule
/// each, read from `Fixtures/app-attest/synthetic.jsonl` (one `{"name", "description", "hex" or "text"}` object a
/// line, written by `Scripts/make-android-appattest-test-data.py`). A missing line reads as empty, which no test
/// accepts.
enum AppAttestTestVectors {
    /// One line of the fixture.
    struct Line: Decodable {
        let name: String
        let description: String
        let hex: String?
        let text: String?
    }

    /// The fixture's lines by name.
    static let lines: [String: Line] = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent("app-attest")
            .appendingPathComponent("synthetic.jsonl")
        guard let data = try? Data(contentsOf: url) else { return [:] }
        var lines: [String: Line] = [:]
        for line in data.split(separator: UInt8(ascii: "\n")) {
            if let decoded = try? JSONDecoder().decode(Line.self, from: Data(line)) {
                lines[decoded.name] = decoded
            }
        }
        return lines
    }()

    /// The bytes of the line `name`'s `hex`.
    static func bytes(_ name: String) -> [UInt8] {
        let hex = lines[name]?.hex ?? ""
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    /// The line `name`'s `text`.
    static func text(_ name: String) -> String {
        lines[name]?.text ?? ""
    }

    /// The test root CA (EC P-256, 2020-01-01 to 2050-01-01).
    static let rootPEM = text("rootPEM")
    /// The App ID of every synthetic object.
    static let appID = text("appID")
    /// The attested key's P-256 private scalar.
    static let credentialScalar = bytes("credentialScalar")
    /// SHA-256 of the attested key's uncompressed point.
    static let keyID = bytes("keyID")
    /// The clientDataHash every object's nonce covers.
    static let clientDataHash = bytes("clientDataHash")

    // Development-environment attestations, each named for what it breaks (`valid` breaks nothing).
    static let validAttestation = bytes("validAttestation")
    static let counterOneAttestation = bytes("counterOneAttestation")
    static let wrongCredentialIDAttestation = bytes("wrongCredentialIDAttestation")
    static let otherCOSEKeyAttestation = bytes("otherCOSEKeyAttestation")
    static let noNonceExtensionAttestation = bytes("noNonceExtensionAttestation")
    static let extraStatementMemberAttestation = bytes("extraStatementMemberAttestation")
    static let noReceiptAttestation = bytes("noReceiptAttestation")
    static let packedFormatAttestation = bytes("packedFormatAttestation")
    static let appleDataMapAttestation = bytes("appleDataMapAttestation")
    static let trailingIntegerAttestation = bytes("trailingIntegerAttestation")
    static let trailingBytesAfterMapAttestation = bytes("trailingBytesAfterMapAttestation")
    static let attestedCredentialDataFlagClearAttestation = bytes("attestedCredentialDataFlagClearAttestation")
}
