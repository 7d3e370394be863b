#if PostgreSQL
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
            return try await transaction.scope.run {
                try await transaction.connection.query(query, logger: logger, file: file, line: line).collect()
            }
        }
    }
#endif
