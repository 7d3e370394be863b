import ArgumentParser
import PasskeyVerifier

/// `passkey-verify inspect [FILE] [--json]`: decodes a response or a bare binary value without verifying it
/// and prints it readably (command-line contract).
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Decode a response, attestationObject, authenticatorData or clientDataJSON without verifying it.",
        discussion: """
            Accepts a RegistrationResponseJSON or AuthenticationResponseJSON (or a recorded ceremony holding \
            one), or a bare attestationObject, authenticatorData, clientDataJSON or COSE_Key in base64url or \
            standard base64. Prints client data members, authenticator data (rpIdHash, flags, counter, AAGUID, \
            credential ID, COSE key fields), the attestation statement and a summary of each certificate. \
            Exit status 1 when some part cannot be decoded or breaks the library's parsing rules (the part \
            shows an error); input that is none of the accepted kinds prints only {"error": {...}}.
            """
    )

    /// The largest input read.
    static let maximumInputLength = 4 * 1_048_576

    @Flag(help: "Print the inspection as JSON.")
    var json = false

    @Argument(help: "The input file; standard input when absent or '-'.")
    var file: String?

    func run() throws {
        let input = InputSource(argument: file)
        var context = Inspection()
        let tree: JSONValue
        switch try input.readAll(limit: Self.maximumInputLength) {
        case .tooLarge:
            let message = "\(input.displayName) is larger than \(Self.maximumInputLength) bytes"
            tree = .members(["error": context.problem(.malformedInput, message)])
        case .bytes(let bytes):
            tree = Inspector.inspect(bytes, context: &context)
        }
        var output = OutputWriter()
        let unrecognized: Bool
        if case .object(let members) = tree, members.count == 1, members.first?.0 == "error" {
            unrecognized = true
        } else {
            unrecognized = false
        }
        if json {
            try output.writeLine(tree.prettyText)
        } else if unrecognized {
            try output.writeLine(tree.compactText)
        } else {
            try output.writeLine(InspectionText.render(tree))
        }
        try output.flush()
        if context.problems > 0 {
            throw ExitCode(1)
        }
    }
}
