#if Server
import ArgumentParser

/// `passkey-server`: a WebAuthn relying-party server over PasskeyVerifier, with the FIDO Alliance
/// conformance-test server API (WebAuthn Level 3 §7.1, §7.2).
@main
struct PasskeyServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passkey-server",
        abstract: "A passkey (WebAuthn) relying-party server over PasskeyVerifier, on SQLite or PostgreSQL.",
        subcommands: [ServeCommand.self]
    )
}
#endif
