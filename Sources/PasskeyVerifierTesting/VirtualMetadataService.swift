import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A stand-in for the FIDO Metadata Service (FIDO Metadata Service v3.0 §3.1.7): a generated root CA, an
/// intermediate CA and a BLOB signing certificate, which sign metadata BLOBs and issue revocation lists for
/// tests. Give ``rootCertificate`` to ``MetadataBLOB/init(jws:trustAnchors:revocationLists:verificationInstant:stalePolicy:previousSerialNumber:)``
/// as its trust anchor.
///
/// The chain is `signer ← intermediate ← root`, as in the production BLOB; the JWS header carries
/// `x5c: [signer, intermediate]`. Each instance generates new keys.
public struct VirtualMetadataService: Sendable {
    /// The root CA the BLOBs chain to.
    public let rootCertificate: Certificate
    /// The intermediate CA, issued by the root.
    public let intermediateCertificate: Certificate
    /// The BLOB signing certificate, issued by the intermediate.
    public let signerCertificate: Certificate
    /// The JWS `alg` of the BLOBs: `ES256`, `RS256` or `PS256`.
    public let algorithmName: String
    /// What kind of certificate signs the BLOBs: a proper BLOB signer, or one a metadata consumer must refuse.
    public enum SignerProfile: Sendable {
        /// An end-entity certificate with key usage `digitalSignature`, as the FIDO Alliance's signer.
        case blobSigner
        /// An ordinary TLS server certificate: end entity, key usage `keyEncipherment` only.
        case keyEnciphermentOnly
        /// A CA certificate (basic constraints `cA` true, key usage `keyCertSign`, `cRLSign`).
        case certificateAuthority
    }

    private let rootKey: PrivateKey
    private let intermediateKey: PrivateKey
    private let signerKey: PrivateKey
    private let signerSerialNumber: [UInt8]
    private let intermediateSerialNumber: [UInt8]

    /// Generates the three certificates.
    ///
    /// - Parameters:
    ///   - algorithmName: `ES256` (a P-256 signer), `RS256` or `PS256` (an RSA-2048 signer).
    ///   - notValidBefore: the start of every certificate's validity.
    ///   - notValidAfter: the end of the root's and the intermediate's validity.
    ///   - signerNotValidAfter: the end of the signer's validity; `notValidAfter` when `nil`.
    ///   - signerCommonName: the signer's subject common name.
    ///   - signerDNSName: a subject alternative name `dNSName` of the signer, `nil` for none.
    ///   - signerProfile: the signer's basic constraints and key usage.
    ///   - signerExtendedKeyUsage: the key purposes (dotted OIDs, RFC 5280 §4.2.1.12) of an extended key usage
    ///     extension of the signer, none when empty.
    ///   - authorityName: the start of the root's and the intermediate's common names ("… Root CA", "… CA-1"):
    ///     services that a host trusts together need different names, since revocation lists are found by their
    ///     issuer's name (RFC 5280 §5.1.2.3).
    public init(
        algorithmName: String = "ES256",
        notValidBefore: Date = VirtualAttestation.defaultNotValidBefore,
        notValidAfter: Date = VirtualAttestation.defaultNotValidAfter,
        signerNotValidAfter: Date? = nil,
        signerCommonName: String = "Virtual Metadata BLOB Signer",
        signerDNSName: String? = nil,
        signerProfile: SignerProfile = .blobSigner,
        signerExtendedKeyUsage: [String] = [],
        authorityName: String = "Virtual FIDO Metadata"
    ) throws(VirtualAuthenticatorError) {
        let signerAlgorithm: COSEAlgorithm
        switch algorithmName {
        case "ES256": signerAlgorithm = .es256
        case "RS256": signerAlgorithm = .rs256
        case "PS256": signerAlgorithm = .ps256
        default:
            throw VirtualAuthenticatorError(.unsupportedAlgorithm, "\(algorithmName) is not ES256, RS256 or PS256")
        }
        self.algorithmName = algorithmName
        let generated = try VirtualAuthenticatorError.wrapping("cannot create the metadata service's certificates") {
            let rootKey = try PrivateKey.generate(.es256)
            let intermediateKey = try PrivateKey.generate(.es256)
            let signerKey = try PrivateKey.generate(signerAlgorithm)
            let rootSubject = Self.name("\(authorityName) Root CA")
            let intermediateSubject = Self.name("\(authorityName) CA-1")
            let root = try Self.certificate(
                subject: rootSubject, issuer: rootSubject, key: rootKey.publicKey, signer: rootKey,
                serialNumber: RandomBytes.serialNumber(), isCA: true,
                notValidBefore: notValidBefore, notValidAfter: notValidAfter)
            let intermediateSerial = RandomBytes.serialNumber()
            let intermediate = try Self.certificate(
                subject: intermediateSubject, issuer: rootSubject, key: intermediateKey.publicKey,
                signer: rootKey, serialNumber: intermediateSerial, isCA: true,
                notValidBefore: notValidBefore, notValidAfter: notValidAfter)
            let signerSerial = RandomBytes.serialNumber()
            var signerBuilder = CertificateBuilder(
                serialNumber: signerSerial, subject: Self.name(signerCommonName), issuer: intermediateSubject,
                notValidBefore: notValidBefore, notValidAfter: signerNotValidAfter ?? notValidAfter,
                publicKey: signerKey.publicKey)
            signerBuilder.addBasicConstraints(isCertificateAuthority: signerProfile == .certificateAuthority)
            switch signerProfile {
            case .blobSigner: signerBuilder.addKeyUsage([.digitalSignature])
            case .keyEnciphermentOnly: signerBuilder.addKeyUsage([.keyEncipherment])
            case .certificateAuthority: signerBuilder.addKeyUsage([.keyCertSign, .cRLSign])
            }
            if let signerDNSName {
                let name = DERBuilder.element(tag: 0x82, contents: Array(signerDNSName.utf8))
                signerBuilder.addExtension(oid: "2.5.29.17", isCritical: false, value: DERBuilder.sequence([name]))
            }
            if !signerExtendedKeyUsage.isEmpty {
                signerBuilder.addExtension(
                    oid: "2.5.29.37", isCritical: false,
                    value: DERBuilder.sequence(signerExtendedKeyUsage.map(TestKitDER.objectIdentifier)))
            }
            try signerBuilder.addSubjectKeyIdentifier()
            try signerBuilder.addAuthorityKeyIdentifier(issuerPublicKey: intermediateKey.publicKey)
            let signer = try signerBuilder.sign(with: intermediateKey)
            return (rootKey, intermediateKey, signerKey, root, intermediate, signer, signerSerial, intermediateSerial)
        }
        (rootKey, intermediateKey, signerKey) = (generated.0, generated.1, generated.2)
        (rootCertificate, intermediateCertificate, signerCertificate) = (generated.3, generated.4, generated.5)
        (signerSerialNumber, intermediateSerialNumber) = (generated.6, generated.7)
    }

    /// A compact JWS of `payload` (the payload JSON bytes) signed by the signer, with
    /// `{"alg": …, "typ": "JWT", "x5c": [signer, intermediate]}` as its header; `repeatedIntermediates` more
    /// copies of the intermediate lengthen `x5c`.
    public func blob(payload: [UInt8], repeatedIntermediates: Int = 0) throws(VirtualAuthenticatorError) -> [UInt8] {
        let padding = [Certificate](repeating: intermediateCertificate, count: max(repeatedIntermediates, 0))
        let chain = ([signerCertificate, intermediateCertificate] + padding).map {
            "\"\(Base64URL.encodeStandard($0.derEncoded))\""
        }
        let header = "{\"alg\":\"\(algorithmName)\",\"typ\":\"JWT\",\"x5c\":[\(chain.joined(separator: ","))]}"
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(payload)
        let signature = try VirtualAuthenticatorError.wrapping("cannot sign the metadata BLOB") {
            let algorithm: COSEAlgorithm =
                algorithmName == "ES256" ? .es256 : algorithmName == "PS256" ? .ps256 : .rs256
            let signed = try signerKey.sign(Array(signingInput.utf8), algorithm: algorithm)
            return algorithm == .es256 ? try Self.rawECDSASignature(fromDER: signed, componentLength: 32) : signed
        }
        return Array((signingInput + "." + Base64URL.encode(signature)).utf8)
    }

    /// The revocation lists a host would download for this chain: the root's (covering the intermediate) and the
    /// intermediate's (covering the signer), valid from `thisUpdate` to `nextUpdate`.
    ///
    /// - Parameters:
    ///   - revokingSigner: whether the intermediate's list revokes the signing certificate.
    ///   - revokingIntermediate: whether the root's list revokes the intermediate.
    public func revocationLists(
        thisUpdate: Date,
        nextUpdate: Date,
        revokingSigner: Bool = false,
        revokingIntermediate: Bool = false
    ) throws(VirtualAuthenticatorError) -> [CertificateRevocationList] {
        try VirtualAuthenticatorError.wrapping("cannot create the revocation lists") {
            var rootList = CertificateRevocationListBuilder(
                issuer: rootCertificate.subject, thisUpdate: thisUpdate, nextUpdate: nextUpdate)
            if revokingIntermediate {
                rootList.revoked.append((intermediateSerialNumber, thisUpdate))
            }
            var intermediateList = CertificateRevocationListBuilder(
                issuer: intermediateCertificate.subject, thisUpdate: thisUpdate, nextUpdate: nextUpdate)
            if revokingSigner {
                intermediateList.revoked.append((signerSerialNumber, thisUpdate))
            }
            return [try rootList.sign(with: rootKey), try intermediateList.sign(with: intermediateKey)]
        }
    }

    /// A metadata BLOB payload (§3.1.6): `{"legalHeader", "no", "nextUpdate", "entries": [...]}` with each
    /// element of `entries` inserted as given (JSON text, for example from ``entry(aaguid:description:attestationRootCertificates:attestationTypes:statusReports:timeOfLastStatusChange:attestationCertificateKeyIdentifiers:)``).
    public static func payload(serialNumber: Int, nextUpdate: String, entries: [String]) -> [UInt8] {
        let text =
            "{\"legalHeader\":\"Virtual metadata for tests\",\"no\":\(serialNumber),"
            + "\"nextUpdate\":\"\(nextUpdate)\",\"entries\":[\(entries.joined(separator: ","))]}"
        return Array(text.utf8)
    }

    /// One metadata BLOB payload entry (§3.1.1) as JSON text, with a FIDO2 metadata statement (§4).
    ///
    /// - Parameters:
    ///   - aaguid: the entry's and the statement's `aaguid`; `nil` for a U2F entry found by key identifier.
    ///   - statusReports: `(status, effectiveDate)` pairs, dates as `YYYY-MM-DD` or `nil`.
    ///   - attestationRootCertificateStrings: strings added to `attestationRootCertificates` after the
    ///     certificates, as written (for example from ``attestationRootString(_:form:)``).
    ///   - statementMembers: statement members as raw JSON text by name, replacing the default member of that
    ///     name (`icon`, `authenticatorGetInfo`, …) or added; for informational members of unexpected types and
    ///     unknown enumeration values.
    public static func entry(
        aaguid: AAGUID?,
        description: String,
        attestationRootCertificates: [Certificate],
        attestationTypes: [String] = ["basic_full"],
        statusReports: [(status: String, effectiveDate: String?)] = [("FIDO_CERTIFIED_L1", "2024-01-01")],
        timeOfLastStatusChange: String = "2024-01-01",
        attestationCertificateKeyIdentifiers: [String] = [],
        attestationRootCertificateStrings: [String] = [],
        statementMembers: [String: String] = [:]
    ) -> String {
        let roots =
            attestationRootCertificates.map { "\"\(Base64URL.encodeStandard($0.derEncoded))\"" }
            + attestationRootCertificateStrings.map(quoted)
        let reports = statusReports.map { report in
            "{\"status\":\"\(report.status)\""
                + (report.effectiveDate.map { ",\"effectiveDate\":\"\($0)\"" } ?? "") + "}"
        }
        let identifiers = attestationCertificateKeyIdentifiers.map { "\"\($0)\"" }.joined(separator: ",")
        let aaguidMember = aaguid.map { "\"aaguid\":\"\($0.uuidString)\"," } ?? ""
        let identifiersMember =
            attestationCertificateKeyIdentifiers.isEmpty
            ? "" : "\"attestationCertificateKeyIdentifiers\":[\(identifiers)],"
        var members: [(name: String, json: String)] = [
            ("legalHeader", "\"Virtual\""), ("description", quoted(description)), ("authenticatorVersion", "1"),
            ("protocolFamily", "\"\(aaguid == nil ? "u2f" : "fido2")\""), ("schema", "3"),
            ("attestationTypes", "[\(attestationTypes.map { "\"\($0)\"" }.joined(separator: ","))]"),
            ("attestationRootCertificates", "[\(roots.joined(separator: ","))]"),
            ("icon", "\"data:image/png;base64,iVBORw0KGgo=\""),
            ("authenticatorGetInfo", "{\"versions\":[\"FIDO_2_0\"],\"options\":{\"rk\":true}}"),
        ]
        for (name, json) in statementMembers.sorted(by: { $0.key < $1.key }) {
            if let index = members.firstIndex(where: { $0.name == name }) {
                members[index].json = json
            } else {
                members.append((name, json))
            }
        }
        let statement =
            "{\(aaguidMember)\(identifiersMember)"
            + members.map { "\"\($0.name)\":\($0.json)" }.joined(separator: ",") + "}"
        return "{\(aaguidMember)\(identifiersMember)\"metadataStatement\":\(statement),"
            + "\"statusReports\":[\(reports.joined(separator: ","))],"
            + "\"timeOfLastStatusChange\":\"\(timeOfLastStatusChange)\"}"
    }

    /// The key identifier (lowercase hexadecimal SHA-1 of the subject public key, RFC 5280 §4.2.1.2 method 1)
    /// of a certificate, as `attestationCertificateKeyIdentifiers` lists it.
    public static func keyIdentifier(of certificate: Certificate) throws(VirtualAuthenticatorError) -> String {
        let identifier = try VirtualAuthenticatorError.wrapping("cannot compute the key identifier") {
            try CertificateBuilder.keyIdentifier(of: certificate.publicKey)
        }
        return identifier.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
    }

    /// How a root certificate string of a metadata statement is written: as FIDO Metadata Statement v3.0 §4
    /// asks (standard base64 of one DER certificate), or with a defect seen in published BLOBs.
    public enum RootStringForm: Sendable {
        /// Standard base64 of each certificate, joined without separator (one certificate: the §4 form).
        case standard
        /// A tab before the base64.
        case leadingTab
        /// A line break and spaces inside the base64.
        case innerWhitespace
        /// The base64 of the certificates' encodings laid end to end.
        case concatenatedEncodings
    }

    /// An `attestationRootCertificates` string of `encodings` (each a certificate's bytes) written in `form`.
    public static func attestationRootString(_ encodings: [[UInt8]], form: RootStringForm) -> String {
        switch form {
        case .standard:
            return encodings.map(Base64URL.encodeStandard).joined()
        case .leadingTab:
            return "\t" + encodings.map(Base64URL.encodeStandard).joined()
        case .innerWhitespace:
            return encodings.map { encoding in
                let text = Base64URL.encodeStandard(encoding)
                let middle = text.index(text.startIndex, offsetBy: text.count / 2)
                return String(text[..<middle]) + "\n  " + String(text[middle...])
            }.joined()
        case .concatenatedEncodings:
            return Base64URL.encodeStandard(encodings.flatMap { $0 })
        }
    }

    /// How the basic constraints extension of ``berRootCertificate(basicConstraints:)`` is written in BER
    /// rather than DER (X.690 §8.2, §11.1; RFC 5280 §4.2.1.9).
    public enum BERBasicConstraints: Sendable {
        /// `cA FALSE` written out (DER omits a DEFAULT value).
        case explicitFalseCA
        /// `cA TRUE` written as the octet 0x01 (DER requires 0xFF).
        case nonCanonicalTrueCA
    }

    /// The bytes of a self-signed root certificate whose basic constraints are BER, which libcrypto reads (as
    /// `Certificate(berEncoded:)` does) and a strict DER reader may refuse.
    public static func berRootCertificate(
        basicConstraints: BERBasicConstraints
    ) throws(VirtualAuthenticatorError) -> [UInt8] {
        try VirtualAuthenticatorError.wrapping("cannot create the BER root certificate") {
            let key = try PrivateKey.generate(.es256)
            let subject = name("Virtual BER Attestation Root")
            var builder = CertificateBuilder(
                serialNumber: RandomBytes.serialNumber(), subject: subject, issuer: subject,
                notValidBefore: VirtualAttestation.defaultNotValidBefore,
                notValidAfter: VirtualAttestation.defaultNotValidAfter, publicKey: key.publicKey)
            let flag: UInt8 = basicConstraints == .explicitFalseCA ? 0x00 : 0x01
            builder.addExtension(oid: "2.5.29.19", isCritical: true, value: [0x30, 0x03, 0x01, 0x01, flag])
            try builder.addSubjectKeyIdentifier()
            return try builder.signedEncoding(with: key)
        }
    }

    // MARK: - Parts

    private static func quoted(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            default:
                if scalar.value < 0x20 {
                    let digits = Array("0123456789abcdef")
                    escaped += "\\u00" + String([digits[Int(scalar.value >> 4)], digits[Int(scalar.value & 0x0F)]])
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }

    private static func name(_ commonName: String) -> DistinguishedName {
        DistinguishedName(attributes: [
            .init(oid: DistinguishedName.Attribute.countryNameOID, value: "US"),
            .init(oid: DistinguishedName.Attribute.organizationNameOID, value: "PasskeyVerifier"),
            .init(oid: DistinguishedName.Attribute.commonNameOID, value: commonName),
        ])
    }

    private static func certificate(
        subject: DistinguishedName,
        issuer: DistinguishedName,
        key: PublicKey,
        signer: PrivateKey,
        serialNumber: [UInt8],
        isCA: Bool,
        notValidBefore: Date,
        notValidAfter: Date
    ) throws -> Certificate {
        var builder = CertificateBuilder(
            serialNumber: serialNumber,
            subject: subject,
            issuer: issuer,
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            publicKey: key
        )
        builder.addBasicConstraints(isCertificateAuthority: isCA)
        builder.addKeyUsage(isCA ? [.keyCertSign, .cRLSign] : [.digitalSignature])
        try builder.addSubjectKeyIdentifier()
        try builder.addAuthorityKeyIdentifier(issuerPublicKey: signer.publicKey)
        return try builder.sign(with: signer)
    }

    /// `r || s` of a DER `Ecdsa-Sig-Value` (RFC 7518 §3.4), each left-padded to `componentLength`.
    static func rawECDSASignature(fromDER der: [UInt8], componentLength: Int) throws -> [UInt8] {
        let sequence = try DER.parse(der[...], expecting: DER.sequenceTag)
        let first = try DER.parse(sequence)
        let second = try DER.parse(first.rest)
        var raw: [UInt8] = []
        for integer in [first.value, second.value] {
            let magnitude = Array(integer.drop { $0 == 0 })
            guard magnitude.count <= componentLength else {
                throw CryptoError(.malformedDER, "ECDSA component longer than \(componentLength) bytes")
            }
            raw += [UInt8](repeating: 0, count: componentLength - magnitude.count) + magnitude
        }
        return raw
    }
}
