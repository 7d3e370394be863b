/// A usage error: a bad flag value, or a file that cannot be read. `passkey-verify` prints the message on
/// standard error and exits with status 2, as the command-line contract requires.
struct UsageError: Error, CustomStringConvertible {
    /// What was wrong, for the person who typed the command.
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
