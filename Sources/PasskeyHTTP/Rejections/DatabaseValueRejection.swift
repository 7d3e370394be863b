#if Hummingbird
#if PostgreSQL
import PostgresNIO
#endif
#if SQLite
import SQLiteNIO
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

    /// Whether `error` is a database driver's own error (SQLiteNIO's, PostgresNIO's): a store used without its
    /// ``StoreDeadline``, which marks such errors as ``StoreFailure``s, still answers `503`, not `500`.
    static func isDriverError(_ error: any Error) -> Bool {
        #if PostgreSQL
        if error is PSQLError || error is PostgresError {
            return true
        }
        #endif
        #if SQLite
        if error is SQLiteError {
            return true
        }
        #endif
        return false
    }
}
#endif
