#if SQLite
    import Foundation
    import PasskeyAccounts
    import SQLiteNIO

    /// The gate of each open ``SQLiteStorage``, by its connection: for the stores a host makes from the connection
    /// alone (``SQLiteSessionStore/init(connection:)``), so that their statements take the storage's gate too.
    final class SQLiteGateRegistry: @unchecked Sendable {
        /// The process's registry.
        static let shared = SQLiteGateRegistry()

        private struct Entry {
            weak var connection: SQLiteConnection?
            let gate: SerialGate
        }

        private let lock = NSLock()
        private var entries: [ObjectIdentifier: Entry] = [:]

        /// Records `gate` as the gate of `connection`, until ``remove(_:)``.
        func register(_ gate: SerialGate, for connection: SQLiteConnection) {
            lock.withLock {
                entries = entries.filter { $0.value.connection != nil }
                entries[ObjectIdentifier(connection)] = Entry(connection: connection, gate: gate)
            }
        }

        /// The gate of `connection`'s storage; a new gate for a connection no open storage owns.
        func gate(for connection: SQLiteConnection) -> SerialGate {
            lock.withLock {
                guard let entry = entries[ObjectIdentifier(connection)], entry.connection === connection else {
                    return SerialGate()
                }
                return entry.gate
            }
        }

        /// Forgets the gate of `connection`, once its storage is closed.
        func remove(_ connection: SQLiteConnection) {
            lock.withLock {
                _ = entries.removeValue(forKey: ObjectIdentifier(connection))
            }
        }
    }
#endif
