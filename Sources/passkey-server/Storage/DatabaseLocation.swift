#if Server
import Foundation
import PasskeyHummingbird

/// Where the server keeps its credential records, challenges and users: the `--database` argument, or the text of
/// the environment variable `--database-env` names or of the file `--database-file` names, which keep a PostgreSQL
/// URL's password off the command line (where any user of the machine reads it, in `/proc/<pid>/cmdline`).
enum DatabaseLocation: Sendable, Hashable {
    /// An SQLite file, created when missing.
    case sqlite(path: String)
    /// A PostgreSQL server, by its `postgres://` or `postgresql://` connection URL (served only when the package is
    /// built with the `PostgreSQL` trait).
    case postgres(url: String)

    /// The default: `passkeys.sqlite` in the working directory.
    static let defaultLocation = DatabaseLocation.sqlite(path: "passkeys.sqlite")

    /// Reads the `--database` argument: a `postgres://` or `postgresql://` URL selects PostgreSQL, anything
    /// else is an SQLite file path.
    init(argument: String) {
        let lowercased = argument.lowercased()
        if lowercased.hasPrefix("postgres://") || lowercased.hasPrefix("postgresql://") {
            self = .postgres(url: argument)
        } else {
            self = .sqlite(path: argument)
        }
    }

    /// The longest text read from an environment variable or a file, 4096 bytes.
    static let maximumSecretBytes = 4096

    /// The location the environment variable `name` holds (`--database-env`), read as ``init(argument:)`` reads
    /// `--database`; white space around it is ignored.
    ///
    /// - Throws: ``ServerConfigurationError`` when the variable is unset, empty or longer than
    ///   ``maximumSecretBytes``; the message never quotes its value.
    init(
        environmentVariable name: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ServerConfigurationError) {
        guard let value = environment[name] else {
            throw ServerConfigurationError("--database-env \(name): the environment variable is not set")
        }
        self = try Self.reading(value, from: "--database-env \(name)")
    }

    /// The location the file at `path` holds (`--database-file`), read as ``init(argument:)`` reads `--database`;
    /// white space around it (the final newline) is ignored.
    ///
    /// - Throws: ``ServerConfigurationError`` when the file cannot be read, is empty or is longer than
    ///   ``maximumSecretBytes``; the message never quotes its content.
    init(file path: String) throws(ServerConfigurationError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ServerConfigurationError("--database-file \(path) cannot be read")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: Self.maximumSecretBytes + 1) ?? Data()
        } catch {
            throw ServerConfigurationError("--database-file \(path) cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ServerConfigurationError("--database-file \(path) is not UTF-8 text")
        }
        self = try Self.reading(text, from: "--database-file \(path)")
    }

    /// Whether this is a PostgreSQL URL that holds a password.
    var hasPassword: Bool {
        guard case .postgres(let url) = self, let password = URLComponents(string: url)?.password else { return false }
        return !password.isEmpty
    }

    private static func reading(_ text: String, from source: String) throws(ServerConfigurationError) -> Self {
        guard text.utf8.count <= maximumSecretBytes else {
            throw ServerConfigurationError("\(source) is longer than \(maximumSecretBytes) bytes")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw ServerConfigurationError("\(source) is empty")
        }
        guard !trimmed.contains(where: \.isNewline) else {
            throw ServerConfigurationError("\(source) holds more than one line")
        }
        let location = DatabaseLocation(argument: trimmed)
        // A value meant as a URL that is not read as one (quoted, a typo in the scheme) would otherwise become an
        // SQLite path and be shown, password and all, in the messages about that path.
        if case .sqlite = location, trimmed.contains("://") || trimmed.contains("@") {
            throw ServerConfigurationError(
                "\(source) holds neither a postgres:// or postgresql:// URL nor an SQLite path (it is not shown)")
        }
        return location
    }
}
#endif
