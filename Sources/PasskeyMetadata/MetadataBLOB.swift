import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A FIDO Metadata Service v3 BLOB, verified (FIDO Metadata Service v3.0 §3.1.7 "Metadata BLOB", §3.2
/// "Metadata BLOB object processing rules"): a compact JWS whose `x5c` chain reaches a configured root at the
/// verification instant, optionally checked against the host's certificate revocation lists, signed with
/// RS256, ES256 or PS256, whose payload is a ``MetadataBLOBPayload``.
///
/// The library never fetches anything: the host downloads the BLOB (and the revocation lists named by its
/// chain) and hands over the bytes. Loading checks, in order: size, JWS syntax, `alg`, the chain at the instant
/// (revocation included when lists are given), the signing certificate (an end-entity certificate allowed to
/// sign, issued to `mds.fidoalliance.org` under the built-in root), the signature, the payload, `nextUpdate`
/// against the ``MetadataStalePolicy``, and `no` against the serial number the host last loaded.
public struct MetadataBLOB: Sendable {
    /// The verified payload.
    public let payload: MetadataBLOBPayload
    /// The `x5c` chain of the JWS header, signing certificate first.
    public let signingCertificateChain: [Certificate]
    /// The JWS `alg` (`RS256`, `ES256` or `PS256`).
    public let algorithmName: String
    /// Whether `nextUpdate` had passed at the verification instant (only under ``MetadataStalePolicy/acceptStale``).
    public let isStale: Bool

    /// The largest BLOB accepted, 32 MiB (the production BLOB is a few MiB).
    public static let maximumLength = 32 * 1_048_576

    /// The most `x5c` certificates accepted, 8 (the production chain holds two: signer and intermediate),
    /// checked before any certificate is decoded or signature verified (FIDO Metadata Service v3.0 §3.2 step 4).
    public static let maximumCertificateChainLength = 8

    /// The JWS algorithms a metadata BLOB may be signed with (FIDO Metadata Service v3.0 §3.1.7).
    public static let allowedAlgorithmNames: Set<String> = ["RS256", "ES256", "PS256"]

    /// The serial number (`no`).
    public var serialNumber: Int { payload.serialNumber }

    /// Verifies and parses a BLOB.
    ///
    /// - Parameters:
    ///   - jws: the BLOB as downloaded (compact JWS, ASCII).
    ///   - trustAnchors: the roots the signing chain must reach; by default GlobalSign Root CA - R3 and
    ///     GlobalSign Root R46 (``FIDOMetadataServiceRootCA``). Replace them for test BLOBs.
    ///   - revocationLists: certificate revocation lists; when not empty every certificate of the chain below its
    ///     root must be covered by one and not revoked (`CertificateChainVerifier(trustAnchors:revocationLists:)`).
    ///   - verificationInstant: the instant at which the chain must be valid and `nextUpdate` is compared.
    ///   - stalePolicy: what a passed `nextUpdate` means; `reject` by default.
    ///   - previousSerialNumber: the `no` of the BLOB the host loaded before, if any: a smaller `no` is a rollback.
    ///   - expectedSignerName: the DNS name the signing certificate must be issued to (a subject alternative
    ///     name `dNSName`, or the subject common name only when it has no `dNSName`, RFC 6125 §6.4.4). When
    ///     `nil`: ``FIDOMetadataServiceRootCA/signerName`` (`mds.fidoalliance.org`) if `trustAnchors` holds a
    ///     built-in root, any name otherwise (a host's own root). The signing certificate must in any case be an
    ///     end-entity certificate whose key usage, if present, allows `digitalSignature` and whose extended key
    ///     usage, if present, allows signing; `x5c` holds at most ``maximumCertificateChainLength`` certificates
    ///     (see Docs/Decisions.md).
    /// - Throws: `WebAuthnError` with `WebAuthnError/Code/invalidMetadata` (malformed or unverifiable BLOB),
    ///   `WebAuthnError/Code/unsupportedAlgorithm` (an `alg` outside RS256, ES256, PS256),
    ///   `WebAuthnError/Code/staleMetadata` or `WebAuthnError/Code/metadataRollback`.
    public init(
        jws: [UInt8],
        trustAnchors: [Certificate] = FIDOMetadataServiceRootCA.certificates,
        revocationLists: [CertificateRevocationList] = [],
        verificationInstant: Date,
        stalePolicy: MetadataStalePolicy = .reject,
        previousSerialNumber: Int? = nil,
        expectedSignerName: String? = nil
    ) throws(WebAuthnError) {
        let token = try JSONWebSignature(
            compact: Self.trimmingLineEnd(jws),
            context: "the metadata BLOB",
            maximumLength: Self.maximumLength,
            failureCode: .invalidMetadata,
            allowedAlgorithmNames: Self.allowedAlgorithmNames,
            maximumCertificateCount: Self.maximumCertificateChainLength
        )
        guard let signer = token.certificateChain.first else {
            throw WebAuthnError(.invalidMetadata, "the metadata BLOB's JWS header has no x5c certificate chain")
        }
        let verifier = CertificateChainVerifier(trustAnchors: trustAnchors, revocationLists: revocationLists)
        do {
            try verifier.verify(
                leaf: signer, intermediates: Array(token.certificateChain.dropFirst()), at: verificationInstant)
        } catch {
            throw WebAuthnError(
                .invalidMetadata,
                "the metadata BLOB's signing certificate chain does not validate at \(verificationInstant): \(error)"
            )
        }
        let builtInRoots = FIDOMetadataServiceRootCA.certificates
        let requiredName =
            expectedSignerName
            ?? (trustAnchors.contains(where: builtInRoots.contains) ? FIDOMetadataServiceRootCA.signerName : nil)
        try MetadataBLOBSignerRequirements.check(signer, expectedName: requiredName)
        guard try token.isSignatureValid(with: signer.publicKey) else {
            throw WebAuthnError(.invalidMetadata, "the metadata BLOB's signature does not verify")
        }
        let payload = try MetadataBLOBPayload(jsonBytes: token.payload)
        let stale = Self.isStale(nextUpdate: payload.nextUpdate, at: verificationInstant)
        if stale, stalePolicy == .reject {
            throw WebAuthnError(
                .staleMetadata,
                "the metadata BLOB no \(payload.serialNumber) is stale: its nextUpdate "
                    + "\(MetadataDate.format(payload.nextUpdate)) has passed at \(verificationInstant)"
            )
        }
        if let previousSerialNumber, payload.serialNumber < previousSerialNumber {
            throw WebAuthnError(
                .metadataRollback,
                "the metadata BLOB no \(payload.serialNumber) is older than the one loaded before, "
                    + "no \(previousSerialNumber)"
            )
        }
        self.payload = payload
        self.signingCertificateChain = token.certificateChain
        self.algorithmName = token.algorithmName
        self.isStale = stale
    }

    /// Whether `nextUpdate` has passed at `instant`: the BLOB is stale from the start of the day after
    /// `nextUpdate` (UTC), so it serves through the whole announced day.
    public func isStale(at instant: Date) -> Bool {
        Self.isStale(nextUpdate: payload.nextUpdate, at: instant)
    }

    /// The entry for a FIDO2 authenticator model.
    public func entry(aaguid: AAGUID) -> MetadataBLOBPayloadEntry? {
        payload.entry(aaguid: aaguid)
    }

    /// The entry listing an attestation certificate key identifier.
    public func entry(attestationCertificateKeyIdentifier identifier: String) -> MetadataBLOBPayloadEntry? {
        payload.entry(attestationCertificateKeyIdentifier: identifier)
    }

    private static func isStale(nextUpdate: Date, at instant: Date) -> Bool {
        instant >= nextUpdate.addingTimeInterval(86_400)
    }

    /// The BLOB without the line end a download or an editor may leave after it.
    private static func trimmingLineEnd(_ bytes: [UInt8]) -> [UInt8] {
        var end = bytes.endIndex
        while end > bytes.startIndex, [UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[end - 1]) {
            end -= 1
        }
        return Array(bytes[..<end])
    }
}
