import ArgumentParser
import PasskeyVerifier

/// The flags `registration` and `authentication` share (command-line contract).
struct CeremonyOptions: ParsableArguments {
    @Option(name: .customLong("rp-id"), help: "The relying party ID (required).")
    var relyingPartyID: String

    @Option(
        name: .customLong("origin"),
        help: ArgumentHelp("An origin the server accepts (required, repeatable: any one may match).")
    )
    var origins: [String]

    // A base64url value may start with "-": it is always the next argument, never read as a flag.
    @Option(
        parsing: .unconditional,
        help: "The challenge the server issued, base64url (standard base64 accepted; required)."
    )
    var challenge: String

    @Flag(name: .customLong("require-user-verification"), help: "Require the UV flag.")
    var requireUserVerification = false

    @Option(
        name: .customLong("top-origin"),
        help: "Allow cross-origin (iframe) ceremonies embedded in this top-level origin (repeatable)."
    )
    var topOrigins: [String] = []

    @Option(
        name: .customLong("algorithm"),
        parsing: .unconditionalSingleValue,
        help: "A COSE algorithm the server accepts, such as -7 (repeatable; default: every supported one)."
    )
    var algorithms: [Int64] = []

    @Option(
        name: .customLong("minimum-challenge-length"),
        help: "The shortest challenge accepted, in bytes (default: 16); lower it only to replay old recordings."
    )
    var minimumChallengeLength: Int?

    /// A challenge that is not base64url or base64 is the operator's mistake: a usage error, not a verdict.
    func validate() throws {
        guard let bytes = Base64URL.decode(challenge), !bytes.isEmpty else {
            throw ValidationError("--challenge \"\(challenge)\" is not a base64url (or base64) challenge")
        }
        if let minimumChallengeLength, !(1...1024).contains(minimumChallengeLength) {
            throw ValidationError("--minimum-challenge-length must be 1 to 1024 bytes")
        }
    }
}
