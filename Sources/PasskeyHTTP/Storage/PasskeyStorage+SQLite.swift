#if Hummingbird && SQLite
import PasskeyAccounts
import PasskeyVerifierSQLite

/// The storage in one SQLite file (the `SQLite` trait).
extension PasskeyStorage {
    /// Opens the SQLite file at `path`, creating it and its tables when missing and migrating older ones; every
    /// store runs on the library storage's one connection.
    public static func openSQLite(path: String) async throws -> PasskeyStorage {
        try await openSQLite(path: path, synchronous: .full)
    }

    /// Opens the SQLite file at `path` as ``openSQLite(path:)`` does, with `synchronous` as its durability
    /// (``PasskeyVerifierSQLite/SQLiteStorage/Synchronous``).
    public static func openSQLite(path: String, synchronous: SQLiteStorage.Synchronous) async throws
        -> PasskeyStorage
    {
        let storage = try await SQLiteStorage.open(.file(path: path), synchronous: synchronous)
        let accountStorage: SQLiteAccountStorage
        do {
            accountStorage = try await SQLiteAccountStorage.open(storage: storage)
        } catch {
            try? await storage.close()
            throw error
        }
        return PasskeyStorage(
            accountStorage: accountStorage,
            metadataStore: storage.metadataBLOBStore,
            close: { try await storage.close() }
        )
    }
}
#endif
