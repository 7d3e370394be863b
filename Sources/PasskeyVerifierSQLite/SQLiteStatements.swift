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

        /// Runs one statement and returns its rows; outside a transaction, it is tried again while another process's
        /// lock refuses it (``SQLiteStorage/retryingWhileBusy(_:)``), which inside one the transaction's lock makes
        /// needless.
        ///
        /// - Throws: the driver's error; ``PasskeyAccounts/UserStoreError`` when these are a transaction's statements
        ///   and the transaction has ended, or when they take the gate from inside a transaction of the same storage
        ///   (which would wait for itself).
        func query(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
            switch mode {
            case .gated:
                try await withConnection { connection in
                    try await SQLiteStorage.retryingWhileBusy { try await connection.query(sql, binds) }
                }
            case .inTransaction:
                try await withConnection { connection in try await connection.query(sql, binds) }
            }
        }

        /// Runs `body` with the connection: alone, holding the gate, outside a transaction; directly inside one.
        func withConnection<Value>(_ body: (SQLiteConnection) async throws -> Value) async throws -> Value {
            switch mode {
            case .gated(let gate):
                try Self.refuseInsideTransaction(of: gate)
                return try await gate.run { try await body(connection) }
            case .inTransaction(let scope):
                return try await scope.run { try await body(connection) }
            }
        }

        /// The gates whose transaction the current task runs in.
        @TaskLocal static var openTransactions: [ObjectIdentifier] = []

        /// Throws when the current task runs inside a transaction that holds `gate`: taking it would wait for itself.
        static func refuseInsideTransaction(of gate: SerialGate) throws {
            guard !openTransactions.contains(ObjectIdentifier(gate)) else {
                throw UserStoreError(
                    "an SQLiteStorage was called outside its transaction from inside that transaction, which would "
                        + "wait for itself: use the stores the transaction's body is handed"
                )
            }
        }
    }
#endif
