#if SQLite
    import Foundation
    import PasskeyAccounts
    import SQLiteNIO

    /// Where a store's statements run on an ``SQLiteStorage``'s one connection: either each one alone, after taking
    /// the storage's gate (so it is its own commit and never runs inside another task's transaction), or inside a
    /// transaction of ``SQLiteStorage/withTransaction(_:)``, which holds the gate already.
    struct SQLiteStatements: Sendable {
        /// The storage's connection.
        let connection: SQLiteConnection
        private let mode: Mode

        private enum Mode: Sendable {
            /// Outside a transaction: each statement takes the gate.
            case gated(SerialGate)
            /// Inside a transaction that holds the gate while `scope` is open.
            case inTransaction(TransactionScope)
        }

        /// Statements that each take `gate`, the gate of `connection`'s storage.
        static func gated(_ connection: SQLiteConnection, gate: SerialGate) -> SQLiteStatements {
            SQLiteStatements(connection: connection, mode: .gated(gate))
        }

        /// Statements of the transaction `scope`, which holds the gate of `connection`'s storage.
        static func inTransaction(_ connection: SQLiteConnection, scope: TransactionScope) -> SQLiteStatements {
            SQLiteStatements(connection: connection, mode: .inTransaction(scope))
        }

        /// Runs one statement and returns its rows.
        ///
        /// - Throws: the driver's error; ``PasskeyAccounts/UserStoreError`` when these are a transaction's statements
        ///   and the transaction has ended.
        func query(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
            try await withConnection { connection in try await connection.query(sql, binds) }
        }

        /// Runs `body` with the connection: alone, holding the gate, outside a transaction; directly inside one.
        func withConnection<Value>(_ body: (SQLiteConnection) async throws -> Value) async throws -> Value {
            switch mode {
            case .gated(let gate):
                return try await gate.run { try await body(connection) }
            case .inTransaction(let scope):
                guard scope.isOpen else {
                    throw UserStoreError("a store of an SQLite transaction was used after the transaction ended")
                }
                return try await body(connection)
            }
        }

        /// Whether a transaction's statements may still run: open from `BEGIN` until its body returns or throws.
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
