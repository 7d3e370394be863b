#if PostgreSQL
    import Foundation
    import Logging
    import PasskeyAccounts
    import PostgresNIO

    /// Where a store's statements run: on the storage's pool, each statement its own implicit transaction on any of
    /// its connections, or on the one connection of a transaction of ``PostgresStorage/withTransaction(_:)``.
    struct PostgresStatements: Sendable {
        /// The storage's pool.
        let client: PostgresClient
        /// Where PostgresNIO logs the statements.
        private(set) var logger: Logger
        private let transaction: Transaction?

        /// A transaction's connection, usable while its scope is open.
        private struct Transaction: Sendable {
            let connection: PostgresConnection
            let scope: TransactionScope
        }

        /// Statements on the pool, each its own transaction.
        init(client: PostgresClient, logger: Logger) {
            self.client = client
            self.logger = logger
            self.transaction = nil
        }

        /// Statements on `connection`, inside the transaction `scope` of `client`.
        init(client: PostgresClient, logger: Logger, connection: PostgresConnection, scope: TransactionScope) {
            self.client = client
            self.logger = logger
            self.transaction = Transaction(connection: connection, scope: scope)
        }

        /// The same statements, logged to `logger`.
        func logging(to logger: Logger) -> PostgresStatements {
            var statements = self
            statements.logger = logger
            return statements
        }

        /// Runs one statement and returns all its rows.
        ///
        /// - Throws: the driver's `PSQLError`; ``PasskeyAccounts/UserStoreError`` when these are a transaction's
        ///   statements and the transaction has ended.
        @discardableResult
        func query(_ query: PostgresQuery, file: String = #fileID, line: Int = #line) async throws -> [PostgresRow] {
            guard let transaction else {
                return try await client.query(query, logger: logger, file: file, line: line).collect()
            }
            guard transaction.scope.isOpen else {
                throw UserStoreError("a store of a PostgreSQL transaction was used after the transaction ended")
            }
            return try await transaction.connection.query(query, logger: logger, file: file, line: line).collect()
        }

        /// Whether a transaction's statements may still run: open until its body returns or throws.
        final class TransactionScope: @unchecked Sendable {
            private let lock = NSLock()
            private var open = true

            /// Whether the body is still running.
            var isOpen: Bool { lock.withLock { open } }

            /// Marks the body finished.
            func end() { lock.withLock { open = false } }
        }
    }
#endif
