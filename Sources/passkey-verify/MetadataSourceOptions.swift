import ArgumentParser
import Foundation

/// The options that say how `metadata inspect` and `metadata entry` verify a BLOB (FIDO Metadata Service v3.0
/// §3.2): the roots, the revocation lists, the instant and whether a stale BLOB is accepted (command-line
/// contract).
struct MetadataSourceOptions: ParsableArguments {
    @Option(
        name: .customLong("root"),
        help: ArgumentHelp(
            "A PEM file of roots that replace the built-in GlobalSign Root CA - R3 and R46 (repeatable).",
            valueName: "pemfile"
        )
    )
    var roots: [String] = []

    @Option(
        name: .customLong("crl"),
        help: ArgumentHelp(
            "A certificate revocation list (DER or PEM) for the BLOB's signing chain (repeatable).",
            valueName: "file"
        )
    )
    var revocationLists: [String] = []

    @Option(help: "The RFC 3339 instant of the verification and of the statuses in force (default: now).")
    var at: String?

    @Flag(name: .customLong("accept-stale"), help: "Accept a BLOB whose nextUpdate has passed (reported as stale).")
    var acceptsStale = false

    /// Refuses an `--at` that is not RFC 3339.
    func validate() throws {
        if let at, RFC3339.date(at) == nil {
            throw ValidationError("--at \"\(at)\" is not an RFC 3339 instant such as 2021-09-01T00:00:00Z")
        }
    }

    /// The instant: `--at`, or now.
    var instant: Date { at.flatMap(RFC3339.date) ?? Date() }
}
