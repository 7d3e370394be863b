import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension VirtualAttestation {
    /// The CA chain, the `attest.android.com` signing key, the flaws and the clock of an `android-safetynet`
    /// attestation (§8.5).
    struct AndroidSafetyNetAuthority: Sendable {
        let authority: VirtualAttestationAuthority
        let signingKey: PrivateKey
        let statementDefects: Set<SafetyNetStatementDefect>
        let clock: @Sendable () -> Date
    }

    /// The `ver` of generated statements: a Google Play services version, as real statements carry.
    static let safetyNetVersion = "214815023"
    /// How far ``SafetyNetStatementDefect/timestampInTheFuture`` and ``SafetyNetStatementDefect/staleTimestamp``
    /// move `timestampMs` from the clock: two minutes.
    static let safetyNetTimestampOffset: TimeInterval = 120

    /// `android-safetynet` attestation (§8.5) with a newly generated root and, by default, intermediate CA standing
    /// in for Google's, and one ES256 signing key certified for `attest.android.com`. Every registration gets:
    /// - `ver`: a Google Play services version;
    /// - `response`: a compact JWS (RFC 7515) whose header is `{"alg": "ES256", "x5c": [leaf, intermediate]}`
    ///   (standard padded base64 DER), the leaf newly issued with subject CN and subject alternative name dNSName
    ///   `attest.android.com`; whose payload holds `nonce` (the standard, padded base64 of
    ///   `SHA-256(authenticatorData || clientDataHash)`), `timestampMs` (`clock`'s instant), `apkPackageName`
    ///   `com.google.android.gms`, `ctsProfileMatch` and `basicIntegrity` true and `evaluationType` `BASIC`; and
    ///   whose signature is the signing key's `r || s` (RFC 7518 §3.4).
    ///
    /// The verifier reports attestation type basic with the JWS `x5c` as trust path; it must trust the generated
    /// root for `android-safetynet` (``trustAnchors``) and verify within its timestamp window of `clock`.
    ///
    /// - Parameters:
    ///   - notValidBefore: Start of the validity of the CAs and of every leaf.
    ///   - notValidAfter: End of that validity.
    ///   - issuesThroughIntermediate: Whether an intermediate CA issues the leaves.
    ///   - defects: Flaws of the issued chains (``CertificateDefect``); not ``CertificateDefect/leafOnWrongCurve``,
    ///     ``CertificateDefect/missingAAGUIDExtension``, ``CertificateDefect/mismatchedAAGUIDExtension`` or
    ///     ``CertificateDefect/wrongOrganizationalUnit``: §8.5 sets no curve, AAGUID or subject rule.
    ///   - statementDefects: Flaws of the statement and its SafetyNet response (``SafetyNetStatementDefect``).
    ///   - clock: The instant a statement's `timestampMs` records, read at every registration (the current time by
    ///     default; give tests with a fixed verification instant that instant).
    /// - Throws: ``VirtualAuthenticatorError``: `invalidParameter` for a defect that does not apply, or when a key
    ///   or certificate cannot be created.
    public static func androidSafetyNet(
        notValidBefore: Date = defaultNotValidBefore,
        notValidAfter: Date = defaultNotValidAfter,
        issuesThroughIntermediate: Bool = true,
        defects: Set<CertificateDefect> = [],
        statementDefects: Set<SafetyNetStatementDefect> = [],
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws(VirtualAuthenticatorError) -> VirtualAttestation {
        try requireApplicable(
            defects,
            excluding: [
                .leafOnWrongCurve, .missingAAGUIDExtension, .mismatchedAAGUIDExtension, .wrongOrganizationalUnit,
            ],
            format: "android-safetynet"
        )
        return try VirtualAuthenticatorError.wrapping("cannot create the android-safetynet attestation authority") {
            let authority = try VirtualAttestationAuthority(
                name: "PasskeyVerifier Virtual SafetyNet",
                notValidBefore: notValidBefore,
                notValidAfter: notValidAfter,
                issuesThroughIntermediate: issuesThroughIntermediate,
                defects: defects
            )
            let safetyNet = AndroidSafetyNetAuthority(
                authority: authority,
                signingKey: try PrivateKey.generate(.es256),
                statementDefects: statementDefects,
                clock: clock
            )
            return VirtualAttestation(kind: .androidSafetyNet(safetyNet))
        }
    }

    /// The `android-safetynet` `attStmt` (§8.5): `{ver, response}`.
    static func androidSafetyNetStatement(_ safetyNet: AndroidSafetyNetAuthority, signedData: [UInt8]) throws -> CBORMap
    {
        let flaws = safetyNet.statementDefects
        let version = flaws.contains(.emptyVersion) ? "" : safetyNetVersion
        let response = flaws.contains(.emptyResponse) ? [] : try safetyNetResponse(safetyNet, signedData: signedData)
        return map([("ver", .textString(version)), ("response", .byteString(response))])
    }

    /// The compact JWS of a SafetyNet attestation for `signedData`, with the flaws of `safetyNet`.
    private static func safetyNetResponse(_ safetyNet: AndroidSafetyNetAuthority, signedData: [UInt8]) throws
        -> [UInt8]
    {
        let flaws = safetyNet.statementDefects
        let hostName = AndroidSafetyNetAttestation.attestationHostName
        let alternativeName = DERBuilder.sequence([DERBuilder.element(tag: 0x82, contents: Array(hostName.utf8))])
        let chain = try safetyNet.authority.issueChain(
            subject: name(
                country: "US", organization: "PasskeyVerifier", stateOrProvince: "California", commonName: hostName),
            publicKey: safetyNet.signingKey.publicKey,
            extensions: [CertificateExtension(oid: "2.5.29.17", isCritical: false, value: alternativeName)]
        )
        let certificates = flaws.contains(.emptyCertificateChain) ? [] : chain
        let x5c = certificates.map { "\"\(Base64URL.encodeStandard($0.derEncoded))\"" }.joined(separator: ",")
        let header = "{\"alg\":\"ES256\",\"x5c\":[\(x5c)]}"
        let nonce = HashAlgorithm.sha256.hash(flaws.contains(.wrongNonce) ? signedData + [0x00] : signedData)
        var timestamp = safetyNet.clock()
        if flaws.contains(.timestampInTheFuture) {
            timestamp.addTimeInterval(safetyNetTimestampOffset)
        }
        if flaws.contains(.staleTimestamp) {
            timestamp.addTimeInterval(-safetyNetTimestampOffset)
        }
        let timestampMs = Int64((timestamp.timeIntervalSince1970 * 1000).rounded(.down))
        let payload =
            "{\"nonce\":\"\(Base64URL.encodeStandard(nonce))\",\"timestampMs\":\(timestampMs),"
            + "\"apkPackageName\":\"com.google.android.gms\","
            + "\"ctsProfileMatch\":\(!flaws.contains(.ctsProfileMismatch)),\"basicIntegrity\":true,"
            + "\"evaluationType\":\"BASIC\"}"
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
        let signature = try VirtualMetadataService.rawECDSASignature(
            fromDER: try safetyNet.signingKey.sign(Array(signingInput.utf8)), componentLength: 32)
        return Array((signingInput + "." + Base64URL.encode(signature)).utf8)
    }
}
