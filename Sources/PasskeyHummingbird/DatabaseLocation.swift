#if Hummingbird && SQLite
/// Where the server keeps its credential records, challenges and users: the `--database` argument.
public enum DatabaseLocation: Sendable, Hashable {
    /// An SQLite file, created when missing.
    case sqlite(path: String)
    /// A PostgreSQL server, by its `postgres://` or `postgresql://` connection URL (served only when the package is
    /// built with the `PostgreSQL` trait).
    case postgres(url: String)

    /// The default: `passkeys.sqlite` in the working directory.
    public static let defaultLocation = DatabaseLocation.sqlite(path: "passkeys.sqlite")

    /// Reads the `--database` argument: a `postgres://` or `postgresql://` URL selects PostgreSQL, anything
    /// else is an SQLite file path.
    public init(argument: String) {
        let lowercased = argument.lowercased()
        if lowercased.hasPrefix("postgres://") || lowercased.hasPrefix("postgresql://") {
            self = .postgres(url: argument)
        } else {
            self = .sqlite(path: argument)
        }
    }
}
#endif
