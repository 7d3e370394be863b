#if SQLite
    extension SQLiteStorage {
        /// When a commit reaches the disk: SQLite's
        /// [`PRAGMA synchronous`](https://sqlite.org/pragma.html#pragma_synchronous) in WAL mode, the mode
        /// ``SQLiteStorage`` asks for every file (a file that does not enter it gets `FULL`, whatever was asked).
        ///
        /// Either way the file is never corrupted, by a crash of the process or of the machine, and a crash of the
        /// process alone loses nothing (a commit is in the operating system's cache when the statement returns).
        /// They differ only when the machine loses power or its kernel stops.
        public enum Synchronous: String, Sendable, Hashable, CaseIterable {
            /// `FULL`: the write-ahead log is flushed to the disk (`fsync`) at every commit, so a commit that
            /// returned survives a power cut. One `fsync` per write statement.
            case full
            /// `NORMAL`: the log is flushed only at checkpoints, so a power cut (or a virtual machine stopped hard)
            /// can roll back every commit since the last checkpoint that the kernel had not yet written back: a
            /// deleted passkey, an ended session, a taken challenge or nonce and a counter can come back, a stored
            /// row can be gone. No `fsync` per commit. Only for a host that accepts that (`Docs/Decisions.md`).
            case normal

            /// The value of the pragma.
            var pragmaValue: String {
                switch self {
                case .full: "FULL"
                case .normal: "NORMAL"
                }
            }
        }
    }
#endif
