import ArgumentParser
import Foundation
import PasskeyMetadata
import PasskeyVerifier

/// Reads a metadata BLOB and the files that verify it (`metadata inspect`, `--metadata`): the BLOB, PEM roots
/// that replace the built-in GlobalSign Root CA - R3 and Root R46, and certificate revocation lists.
enum MetadataFiles {
    /// The largest CRL file read.
    static let maximumRevocationListLength = 16 * 1_048_576

    /// Writes the rejection of a BLOB, `{"verified": false, "error": {"code": …, "message": …}}`, and exits 1
    /// (command-line contract).
    static func reject(_ error: WebAuthnError, to output: inout OutputWriter) throws -> Never {
        let rejection = JSONValue.members([
            "verified": .bool(false),
            "error": .members(["code": .string(error.code.name), "message": .string(error.message)]),
        ])
        try output.writeLine(rejection.compactText)
        try output.flush()
        throw ExitCode(1)
    }

    /// The BLOB verified at `instant`, or the `WebAuthnError` that rejected it.
    /// - Throws: ``UsageError`` when a file cannot be read, a root file is not PEM certificates or a CRL file
    ///   is not a revocation list: configuration, not input.
    static func load(
        blob path: String,
        roots rootPaths: [String],
        revocationLists listPaths: [String],
        at instant: Date,
        stalePolicy: MetadataStalePolicy,
        previousSerialNumber: Int? = nil
    ) throws(UsageError) -> Result<MetadataBLOB, WebAuthnError> {
        var roots = FIDOMetadataServiceRootCA.certificates
        if !rootPaths.isEmpty {
            roots = []
            for text in try TrustAnchorFiles.load(rootPaths) {
                roots += (try? Certificate.certificates(fromPEM: text)) ?? []
            }
        }
        var lists: [CertificateRevocationList] = []
        for listPath in listPaths {
            guard
                case .bytes(let bytes) = try InputSource(path: listPath).readAll(limit: maximumRevocationListLength)
            else {
                throw UsageError("revocation list \(listPath) is larger than \(maximumRevocationListLength) bytes")
            }
            do {
                lists += try CertificateRevocationList.parse(bytes)
            } catch {
                throw UsageError(
                    "revocation list \(listPath) is not a DER or PEM certificate revocation list: \(error)")
            }
        }
        let source = InputSource(argument: path)
        guard case .bytes(let bytes) = try source.readAll(limit: MetadataBLOB.maximumLength) else {
            return .failure(
                WebAuthnError(
                    .invalidMetadata,
                    "the metadata BLOB in \(source.displayName) is larger than \(MetadataBLOB.maximumLength) bytes"
                )
            )
        }
        do {
            return .success(
                try MetadataBLOB(
                    jws: bytes,
                    trustAnchors: roots,
                    revocationLists: lists,
                    verificationInstant: instant,
                    stalePolicy: stalePolicy,
                    previousSerialNumber: previousSerialNumber
                )
            )
        } catch {
            return .failure(error)
        }
    }
}
