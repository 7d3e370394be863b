import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `passkey-verify`: the command-line face of PasskeyVerifier (its reference: `Docs/CLI.md`).
///
/// Exit statuses are part of the contract: 0 verified, 1 checked and rejected (a JSON result is printed),
/// 2 usage error (bad flags, unreadable file; a message on standard error). Argument parsing errors, which
/// ArgumentParser would report with 64, are therefore mapped to 2 by ``main()``.
@main
struct PasskeyVerify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passkey-verify",
        abstract: "Verify, inspect and replay WebAuthn (passkey) ceremonies.",
        discussion: """
            Binary values are base64url without padding on output; inputs also accept standard base64.
            Exit status: 0 verified, 1 not verified (a JSON result is printed), 2 usage error.
            """,
        subcommands: [
            RegistrationCommand.self, AuthenticationCommand.self, BatchCommand.self, InspectCommand.self,
            ReplayCommand.self, MetadataCommand.self,
        ]
    )

    /// Without a subcommand there is nothing to do: a usage error.
    func run() throws {
        throw UsageError(
            "a subcommand is required: registration, authentication, batch, inspect, replay or metadata\n\n"
                + Self.helpMessage()
        )
    }

    /// The exit status of a usage error (command-line contract).
    static let usageErrorStatus: Int32 = 2

    /// Parses the arguments and runs the command, mapping every error to the contract's exit statuses.
    static func main() {
        // A reader that goes away must not kill the process with a signal; the write fails instead.
        signal(SIGPIPE, SIG_IGN)
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                terminate(0)
            }
            OutputWriter.writeToStandardError(fullMessage(for: error) + "\n")
            terminate(usageErrorStatus)
        }
        do {
            try command.run()
            terminate(0)
        } catch let status as ExitCode {
            terminate(status.rawValue)
        } catch let error as UsageError {
            OutputWriter.writeToStandardError("passkey-verify: \(error.message)\n")
            terminate(usageErrorStatus)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                terminate(0)
            }
            OutputWriter.writeToStandardError(fullMessage(for: error) + "\n")
            terminate(usageErrorStatus)
        }
    }
}

/// Ends the process with `status` (outside the command type, whose `exit(withError:)` would shadow `exit`).
private func terminate(_ status: Int32) -> Never {
    exit(status)
}
