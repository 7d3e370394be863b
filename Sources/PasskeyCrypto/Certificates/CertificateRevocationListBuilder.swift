import CPasskeyLibCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Builds and signs a version 2 certificate revocation list (RFC 5280 §5.1) for tests: the lists a host would
/// download for a generated certification authority.
package struct CertificateRevocationListBuilder: Sendable {
    /// The issuer, the subject of the certificate whose key signs the list (RFC 5280 §5.1.2.3).
    package var issuer: DistinguishedName
    /// `thisUpdate` (RFC 5280 §5.1.2.4).
    package var thisUpdate: Date
    /// `nextUpdate` (RFC 5280 §5.1.2.5).
    package var nextUpdate: Date
    /// The revoked certificates: serial number magnitude (big-endian) and revocation date (RFC 5280 §5.1.2.6).
    package var revoked: [(serialNumber: [UInt8], revocationDate: Date)] = []

    /// A list by `issuer` valid from `thisUpdate` to `nextUpdate`, revoking nothing yet.
    package init(issuer: DistinguishedName, thisUpdate: Date, nextUpdate: Date) {
        self.issuer = issuer
        self.thisUpdate = thisUpdate
        self.nextUpdate = nextUpdate
    }

    /// Encodes the list and signs it with `key` (the signature algorithms of ``CertificateBuilder/sign(with:)``).
    package func sign(with key: PrivateKey) throws -> CertificateRevocationList {
        ERR_clear_error()
        guard let list = X509_CRL_new() else {
            throw LibCrypto.failure("X509_CRL_new")
        }
        defer { X509_CRL_free(list) }
        guard X509_CRL_set_version(list, 1) == 1 else {
            throw LibCrypto.failure("X509_CRL_set_version")
        }
        try CertificateBuilder.withName(issuer) { name in
            guard X509_CRL_set_issuer_name(list, name) == 1 else {
                throw LibCrypto.failure("X509_CRL_set_issuer_name")
            }
        }
        try Self.withTime(thisUpdate, field: "thisUpdate") { time in
            guard X509_CRL_set1_lastUpdate(list, time) == 1 else {
                throw LibCrypto.failure("X509_CRL_set1_lastUpdate")
            }
        }
        try Self.withTime(nextUpdate, field: "nextUpdate") { time in
            guard X509_CRL_set1_nextUpdate(list, time) == 1 else {
                throw LibCrypto.failure("X509_CRL_set1_nextUpdate")
            }
        }
        for entry in revoked {
            try Self.addRevoked(serialNumber: entry.serialNumber, date: entry.revocationDate, to: list)
        }
        guard X509_CRL_sort(list) == 1 else {
            throw LibCrypto.failure("X509_CRL_sort")
        }
        let digest = try CertificateBuilder.signatureDigest(for: key)
        guard let signingHandle = key.handle else {
            throw CryptoError(.unsupportedAlgorithm, "revocation lists are not signed with ML-DSA here")
        }
        let signed = withExtendedLifetime(key) { X509_CRL_sign(list, signingHandle.pointer, digest) }
        guard signed > 0 else {
            throw LibCrypto.failure("X509_CRL_sign")
        }
        let length = i2d_X509_CRL(list, nil)
        guard length > 0 else {
            throw LibCrypto.failure("i2d_X509_CRL")
        }
        var output = [UInt8](repeating: 0, count: Int(length))
        let written = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_X509_CRL(list, &cursor)
        }
        guard written == length else {
            throw LibCrypto.failure("i2d_X509_CRL")
        }
        return try CertificateRevocationList(derEncoded: output)
    }

    private static func withTime(
        _ date: Date,
        field: String,
        _ body: (UnsafeMutablePointer<ASN1_TIME>) throws -> Void
    ) throws {
        let seconds = try CertificateBuilder.seconds(date, field: field)
        guard let time = ASN1_TIME_set(nil, seconds) else {
            throw LibCrypto.failure("ASN1_TIME_set(\(field))")
        }
        defer { ASN1_TIME_free(time) }
        try body(time)
    }

    private static func addRevoked(serialNumber: [UInt8], date: Date, to list: OpaquePointer) throws {
        guard let entry = X509_REVOKED_new() else {
            throw LibCrypto.failure("X509_REVOKED_new")
        }
        guard let number = KeyImport.bigNumber(serialNumber) else {
            X509_REVOKED_free(entry)
            throw LibCrypto.failure("BN_bin2bn")
        }
        defer { BN_free(number) }
        guard let integer = BN_to_ASN1_INTEGER(number, nil) else {
            X509_REVOKED_free(entry)
            throw LibCrypto.failure("BN_to_ASN1_INTEGER")
        }
        defer { ASN1_INTEGER_free(integer) }
        guard X509_REVOKED_set_serialNumber(entry, integer) == 1 else {
            X509_REVOKED_free(entry)
            throw LibCrypto.failure("X509_REVOKED_set_serialNumber")
        }
        do {
            try withTime(date, field: "revocationDate") { time in
                guard X509_REVOKED_set_revocationDate(entry, time) == 1 else {
                    throw LibCrypto.failure("X509_REVOKED_set_revocationDate")
                }
            }
        } catch {
            X509_REVOKED_free(entry)
            throw error
        }
        guard X509_CRL_add0_revoked(list, entry) == 1 else {
            X509_REVOKED_free(entry)
            throw LibCrypto.failure("X509_CRL_add0_revoked")
        }
    }
}
