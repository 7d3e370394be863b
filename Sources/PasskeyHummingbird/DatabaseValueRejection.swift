#if Hummingbird
#if PostgreSQL
import PostgresNIO
#endif

/// Recognises the database refusing a value the client sent, which is the client's fault (a `400`), not the
/// database's (a `503`): PostgreSQL's SQLSTATE class 22, "data exception" (a NUL in a text value, a number out of
/// range). SQLite stores any value it is given.
enum DatabaseValueRejection {
    /// Whether `error` is such a refusal.
    static func contains(_ error: any Error) -> Bool {
        #if PostgreSQL
        if let error = error as? PSQLError, error.serverInfo?[.sqlState]?.hasPrefix("22") == true {
            return true
        }
        #endif
        return false
    }
}
#endif
