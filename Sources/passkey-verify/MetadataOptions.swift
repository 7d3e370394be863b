import ArgumentParser
import Foundation
import PasskeyMetadata
import PasskeyVerifier

/// The flags that give `registration` and `batch` a FIDO metadata BLOB (command-line contract): registrations
/// are then verified with ``MetadataTrustPolicy`` (the entry's roots, its status, `basic` versus `attca`) and
/// the verdict names the matched entry.
struct MetadataOptions: ParsableArguments {
    @Option(
        name: .customLong("metadata"),
        help: ArgumentHelp(
            """
            A FIDO Metadata Service BLOB (the downloaded JWS) to verify registrations with. A BLOB that does not \
            verify is a usage error (exit status 2).
            """,
            valueName: "blob"
        )
    )
    var blob: String?

    @Option(
        name: .customLong("metadata-root"),
        help: ArgumentHelp(
            "A PEM file of roots that replace the built-in BLOB roots, GlobalSign Root CA - R3 and R46 (repeatable).",
            valueName: "pemfile"
        )
    )
    var roots: [String] = []

    @Option(
        name: .customLong("metadata-crl"),
        help: ArgumentHelp(
            "A certificate revocation list (DER or PEM) for the BLOB's signing chain (repeatable).",
            valueName: "file"
        )
    )
    var revocationLists: [String] = []

    @Flag(
        name: .customLong("accept-stale-metadata"),
        help: "Use a BLOB whose nextUpdate has passed instead of refusing it."
    )
    var acceptsStaleMetadata = false

    func validate() throws {
        if blob == nil, !roots.isEmpty || !revocationLists.isEmpty || acceptsStaleMetadata {
            throw ValidationError("--metadata-root, --metadata-crl and --accept-stale-metadata need --metadata")
        }
    }

    /// The policy over the BLOB verified at `instant`, or `nil` without `--metadata`.
    /// - Throws: ``UsageError`` when a file cannot be read or the BLOB does not verify.
    func load(at instant: Date) throws(UsageError) -> MetadataTrustPolicy? {
        guard let blob else { return nil }
        let loaded = try MetadataFiles.load(
            blob: blob,
            roots: roots,
            revocationLists: revocationLists,
            at: instant,
            stalePolicy: acceptsStaleMetadata ? .acceptStale : .reject
        )
        switch loaded {
        case .success(let verified):
            return MetadataTrustPolicy(blob: verified)
        case .failure(let error):
            throw UsageError("metadata BLOB \(blob) does not verify: \(error.code.name): \(error.message)")
        }
    }
}
