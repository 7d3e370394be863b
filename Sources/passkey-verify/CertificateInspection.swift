import PasskeyCrypto
import PasskeyVerifier

/// A summary of one X.509 certificate (RFC 5280 §4.1) of an attestation statement's `x5c`.
enum CertificateInspection {
    /// Names of the extensions attestation cares about (WebAuthn Level 3 §8, RFC 5280 §4.2).
    static let extensionNames: [String: String] = [
        "2.5.29.14": "subjectKeyIdentifier",
        "2.5.29.15": "keyUsage",
        "2.5.29.17": "subjectAltName",
        "2.5.29.19": "basicConstraints",
        "2.5.29.31": "cRLDistributionPoints",
        "2.5.29.32": "certificatePolicies",
        "2.5.29.35": "authorityKeyIdentifier",
        "2.5.29.37": "extKeyUsage",
        "1.3.6.1.5.5.7.1.1": "authorityInfoAccess",
        fidoAAGUIDOID: "fido-gen-ce-aaguid",
        "1.3.6.1.4.1.45724.2.1.1": "fido-u2f-transports",
        appleNonceOID: "apple-nonce",
        "1.3.6.1.4.1.11129.2.1.17": "android-key-attestation",
        "1.3.6.1.4.1.41482.2": "yubico-device-id",
    ]

    /// id-fido-gen-ce-aaguid (§8.2.1).
    static let fidoAAGUIDOID = "1.3.6.1.4.1.45724.1.1.4"
    /// Apple's anonymous attestation nonce (§8.8).
    static let appleNonceOID = "1.2.840.113635.100.8.2"

    static func inspect(_ der: [UInt8], context: inout Inspection) -> JSONValue {
        let certificate: Certificate
        do {
            certificate = try Certificate(derEncoded: der)
        } catch let error as CryptoError {
            return .members([
                "length": .integer(Int64(der.count)),
                "error": context.problem(.invalidAttestationStatement, "not a DER certificate: \(error.reason)"),
            ])
        } catch {
            return .members([
                "length": .integer(Int64(der.count)),
                "error": context.problem(.invalidAttestationStatement, "not a DER certificate: \(error)"),
            ])
        }
        return .members([
            "subject": .string(certificate.subject.description),
            "issuer": .string(certificate.issuer.description),
            "serialNumber": .string(certificate.serialNumberHex),
            "notBefore": .string(RFC3339.text(certificate.notValidBefore)),
            "notAfter": .string(RFC3339.text(certificate.notValidAfter)),
            "publicKey": .string(keyDescription(certificate.publicKey)),
            "version": .integer(Int64(certificate.version)),
            "certificateAuthority": .bool(certificate.isCertificateAuthority),
            "extendedKeyUsage": certificate.extendedKeyUsageOIDs.isEmpty
                ? nil : .array(certificate.extendedKeyUsageOIDs.map(JSONValue.string)),
            "extensions": .array(certificate.extensions.map(describe)),
        ])
    }

    /// `EC P-256`, `Ed25519`, `RSA 2048`.
    static func keyDescription(_ key: PublicKey) -> String {
        if let bits = key.rsaModulusBits {
            return "RSA \(bits)"
        }
        switch key.ellipticCurve {
        case .p256: return "EC P-256"
        case .p384: return "EC P-384"
        case .p521: return "EC P-521"
        case .ed25519: return "Ed25519"
        case .ed448: return "Ed448"
        case nil: return "EC (a curve COSE does not name)"
        }
    }

    private static func describe(_ certificateExtension: CertificateExtension) -> JSONValue {
        .members([
            "oid": .string(certificateExtension.oid),
            "name": .string(extensionNames[certificateExtension.oid]),
            "critical": .bool(certificateExtension.isCritical),
            "value": value(of: certificateExtension),
        ])
    }

    /// The decoded value of the extensions whose value matters to attestation: the AAGUID (an OCTET STRING of
    /// 16 bytes) and the Apple nonce (`SEQUENCE { [1] EXPLICIT OCTET STRING (32 bytes) }`), as hexadecimal.
    private static func value(of certificateExtension: CertificateExtension) -> JSONValue? {
        let value = certificateExtension.value
        switch certificateExtension.oid {
        case fidoAAGUIDOID:
            guard value.count == 18, value.starts(with: [0x04, 0x10]),
                let aaguid = AAGUID(bytes: Array(value.dropFirst(2)))
            else { return nil }
            return .string(aaguid.uuidString)
        case appleNonceOID:
            guard value.count == 38, value.starts(with: [0x30, 0x24, 0xA1, 0x22, 0x04, 0x20]) else { return nil }
            return .string(Inspection.hex(value.dropFirst(6)))
        default:
            return nil
        }
    }
}
