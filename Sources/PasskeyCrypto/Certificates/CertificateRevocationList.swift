import CPasskeyLibCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An X.509 certificate revocation list (RFC 5280 §5.1), parsed once with libcrypto.
///
/// A host supplies the lists it downloaded (for the FIDO Metadata Service, those named by the BLOB signing
/// chain's CRL distribution points); ``CertificateChainVerifier`` then checks every certificate of a path
/// against them (RFC 5280 §6.3). Two lists are equal when their DER encodings are equal.
public struct CertificateRevocationList: Sendable, Hashable {
    let handle: X509CRLHandle

    /// The DER encoding, exactly as given.
    public let derEncoded: [UInt8]
    /// The issuer (RFC 5280 §5.1.2.3).
    public let issuer: DistinguishedName

    /// The largest list accepted, 16 MiB.
    public static let maximumLength = 16 * 1_048_576

    /// Parses a DER `CertificateList` (RFC 5280 §5.1). Throws ``CryptoError/Code/malformedDER`` when the bytes
    /// are not exactly one list (trailing bytes included) or are larger than ``maximumLength``.
    public init(derEncoded: [UInt8]) throws {
        guard derEncoded.count <= Self.maximumLength else {
            throw CryptoError(
                .malformedDER,
                "certificate revocation list is \(derEncoded.count) bytes; at most \(Self.maximumLength) are accepted"
            )
        }
        ERR_clear_error()
        let parsed: OpaquePointer? = derEncoded.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            guard let list = d2i_X509_CRL(nil, &cursor, buffer.count) else { return nil }
            guard let end = cursor, end - base == buffer.count else {
                X509_CRL_free(list)
                return nil
            }
            return list
        }
        guard let parsed else {
            let detail = LibCrypto.drainErrorQueue()
            throw CryptoError(.malformedDER, "not one DER certificate revocation list: \(detail)")
        }
        let handle = X509CRLHandle(taking: parsed)
        guard let issuerName = X509_CRL_get_issuer(parsed) else {
            throw CryptoError(.malformedDER, "certificate revocation list has no issuer")
        }
        self.handle = handle
        self.derEncoded = derEncoded
        self.issuer = try DistinguishedName(name: issuerName)
    }

    /// Every list of PEM text (RFC 7468 §9, `-----BEGIN X509 CRL-----` blocks), in order. Text without any
    /// list, or a block whose body is not a DER list, throws ``CryptoError/Code/malformedDER``.
    public static func lists(fromPEM text: String) throws -> [CertificateRevocationList] {
        let bytes = Array(text.utf8)
        guard let length = Int32(exactly: bytes.count), length > 0 else {
            throw CryptoError(.malformedDER, "PEM text is empty or too large")
        }
        var encodings: [[UInt8]] = []
        try bytes.withUnsafeBufferPointer { buffer in
            ERR_clear_error()
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, length) else {
                throw LibCrypto.failure("BIO_new_mem_buf")
            }
            defer { BIO_free(bio) }
            while let list = PEM_read_bio_X509_CRL(bio, nil, nil, nil) {
                defer { X509_CRL_free(list) }
                let size = i2d_X509_CRL(list, nil)
                guard size > 0 else {
                    throw LibCrypto.failure("i2d_X509_CRL")
                }
                var der = [UInt8](repeating: 0, count: Int(size))
                let written = der.withUnsafeMutableBufferPointer { output -> Int32 in
                    var cursor = output.baseAddress
                    return i2d_X509_CRL(list, &cursor)
                }
                guard written == size else {
                    throw LibCrypto.failure("i2d_X509_CRL")
                }
                encodings.append(der)
            }
            let error = ERR_peek_last_error()
            let endOfInput = ERR_GET_LIB(error) == ERR_LIB_PEM && ERR_GET_REASON(error) == PEM_R_NO_START_LINE
            guard endOfInput || error == 0 else {
                let detail = LibCrypto.drainErrorQueue()
                throw CryptoError(.malformedDER, "PEM X509 CRL block is malformed: \(detail)")
            }
            ERR_clear_error()
        }
        guard !encodings.isEmpty else {
            throw CryptoError(.malformedDER, "PEM text contains no X509 CRL block")
        }
        return try encodings.map { try CertificateRevocationList(derEncoded: $0) }
    }

    /// The lists in `bytes`: one DER list, or every list of PEM text when the bytes begin with `-----BEGIN`.
    public static func parse(_ bytes: [UInt8]) throws -> [CertificateRevocationList] {
        if bytes.starts(with: Array("-----BEGIN".utf8)) {
            return try lists(fromPEM: String(decoding: bytes, as: UTF8.self))
        }
        return [try CertificateRevocationList(derEncoded: bytes)]
    }

    /// Lists are equal when their DER encodings are.
    public static func == (lhs: CertificateRevocationList, rhs: CertificateRevocationList) -> Bool {
        lhs.derEncoded == rhs.derEncoded
    }

    /// Hashes the DER encoding, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(derEncoded)
    }
}
