import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

/// Helpers shared by the fido-u2f, tpm and compound attestation tests.
enum AttestationTestSupport {
    /// 2025-01-01T00:00:00Z, inside the validity of the W3C vectors' and the generated certificates.
    static let instant = Date(timeIntervalSince1970: 1_735_689_600)
    /// 2022-06-01T00:00:00Z, inside the validity of the Yubico recordings' certificates.
    static let realDeviceInstant = Date(timeIntervalSince1970: 1_654_041_600)

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The bytes of a hexadecimal literal.
    static func bytes(_ hex: String) -> [UInt8] {
        ModelTestVectors.bytes(hex: hex)
    }

    /// A certificate from a hexadecimal DER literal.
    static func certificate(_ hex: String) throws -> Certificate {
        try Certificate(derEncoded: bytes(hex))
    }

    /// The statement map and authenticator data of an attestation object.
    static func decode(_ attestationObject: [UInt8]) throws -> (
        statement: CBORMap, authenticatorData: AuthenticatorData
    ) {
        let decoded = try AttestationObject(bytes: attestationObject)
        return (decoded.attestationStatement, decoded.authenticatorData)
    }

    /// The input a format receives for `statement` over `authenticatorData` and `clientDataJSON`.
    static func input(
        _ statement: CBORValue,
        authenticatorData: AuthenticatorData,
        clientDataJSON: [UInt8],
        at instant: Date = instant
    ) throws -> AttestationStatementInput {
        guard let attested = authenticatorData.attestedCredentialData else {
            throw Failure(description: "the authenticator data has no attested credential data")
        }
        return AttestationStatementInput(
            statementValue: statement,
            authenticatorData: authenticatorData,
            attestedCredentialData: attested,
            clientDataHash: HashAlgorithm.sha256.hash(clientDataJSON),
            verificationInstant: instant
        )
    }

    /// `map` with `key` set to `value` (appended when absent) or removed when `value` is `nil`.
    static func replacing(_ map: CBORMap, _ key: String, with value: CBORValue?) -> CBORMap {
        var entries = map.entries.filter { $0.key != .textString(key) }
        if let value {
            if let index = map.entries.firstIndex(where: { $0.key == .textString(key) }) {
                entries.insert(CBORMap.Entry(key: .textString(key), value: value), at: index)
            } else {
                entries.append(CBORMap.Entry(key: .textString(key), value: value))
            }
        }
        return CBORMap(entries: entries)
    }

    /// Authenticator data like `authenticatorData` but with `credentialPublicKey` as the credential key.
    static func replacingCredentialKey(
        of authenticatorData: AuthenticatorData,
        with credentialPublicKey: COSEKey
    ) throws -> AuthenticatorData {
        guard let attested = authenticatorData.attestedCredentialData else {
            throw Failure(description: "the authenticator data has no attested credential data")
        }
        let length = attested.credentialID.count
        let bytes =
            Array(authenticatorData.rawBytes.prefix(37)) + attested.aaguid.bytes
            + [UInt8(length >> 8), UInt8(length & 0xFF)] + attested.credentialID + credentialPublicKey.encoded
        return try AuthenticatorData(bytes: bytes)
    }

    /// A JSON fixture of `Fixtures/`, read at test time.
    static func fixture(_ relativePath: String) throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(relativePath)
        guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
            throw Failure(description: "\(relativePath) is not a JSON object")
        }
        return object
    }

    /// The attestation object and clientDataJSON of a registration fixture.
    static func registration(_ relativePath: String) throws -> (attestationObject: [UInt8], clientDataJSON: [UInt8]) {
        let fixture = try fixture(relativePath)
        guard let response = (fixture["response"] as? [String: Any])?["response"] as? [String: Any],
            let attestationObject = (response["attestationObject"] as? String).flatMap(Base64URL.decode),
            let clientDataJSON = (response["clientDataJSON"] as? String).flatMap(Base64URL.decode)
        else {
            throw Failure(description: "\(relativePath) has no registration response")
        }
        return (attestationObject, clientDataJSON)
    }

    /// The certificates of a PEM file of `Fixtures/`.
    static func fixtureCertificates(_ relativePath: String) throws -> [Certificate] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(relativePath)
        return try Certificate.certificates(fromPEM: String(decoding: Data(contentsOf: url), as: UTF8.self))
    }

    /// `value` as two big-endian bytes.
    static func bigEndian(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    /// `value` as four big-endian bytes.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// A `TPM2B_*` buffer: a 16-bit big-endian size and the bytes.
    static func sized(_ bytes: [UInt8]) -> [UInt8] {
        bigEndian(UInt16(bytes.count)) + bytes
    }
}
