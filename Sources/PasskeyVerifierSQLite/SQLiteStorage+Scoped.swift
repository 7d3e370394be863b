#if SQLite
    extension SQLiteStorage {
        /// Opens the database at `location` (``open(_:)``), runs `body` with the storage, and closes it
        /// (``close()``) on every way out: when `body` returns, throws, or its task is cancelled.
        ///
        /// The storage must not be used after `body` returns: its stores then fail. When `body` throws, that error
        /// is rethrown and an error of the close is dropped; when `body` returns, an error of the close is thrown.
        /// Closing the storage inside `body` is harmless.
        ///
        /// ```swift
        /// let credentials = try await SQLiteStorage.withStorage(.memory) { storage in
        ///     try await storage.credentialStore.credentials(forUserHandle: userHandle)
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - location: where the database lives.
        ///   - isolation: the caller's actor, on which `body` runs; leave the default.
        ///   - body: what to do with the open storage.
        /// - Returns: what `body` returns.
        /// - Throws: what ``open(_:)`` and `body` throw, or what ``close()`` throws after a `body` that returned.
        public static func withStorage<Result>(
            _ location: Location,
            isolation: isolated (any Actor)? = #isolation,
            _ body: (SQLiteStorage) async throws -> Result
        ) async throws -> Result {
            let storage = try await open(location)
            let result: Result
            do {
                result = try await body(storage)
            } catch {
                try? await storage.close()
                throw error
            }
            try await storage.close()
            return result
        }
    }
#endif
