/// An error of a shipped database store (`PasskeyVerifierSQLite`, `PasskeyVerifierPostgres`) that is neither the
/// driver's nor a client's: stored data that does not read back as a credential record or an issued challenge
/// (WebAuthn Level 3 §4 "credential record", §13.4.3), or a schema the store does not know.
///
/// Equality and hashing consider only the ``code``, so tests compare codes and messages can improve.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, stable across versions.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String

        /// A stored row has a value no record or challenge can have: a counter outside `UInt32`, an AAGUID
        /// that is not 16 bytes, a public key `COSEKey(encoded:)` refuses, an unknown ceremony.
        public static let corruptedRow = Code(name: "corruptedRow")
        /// The database's schema version is newer than the ones this store knows: a newer release migrated it.
        public static let unsupportedSchemaVersion = Code(name: "unsupportedSchemaVersion")

        /// The code's name, such as `corruptedRow`.
        public var description: String { name }
    }

    /// What went wrong.
    public let code: Code
    /// Details for the log.
    public let message: String

    /// Creates the error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `StoreError.code: message`.
    public var description: String { "StoreError.\(code): \(message)" }

    /// Compares the codes only.
    public static func == (lhs: StoreError, rhs: StoreError) -> Bool {
        lhs.code == rhs.code
    }

    /// Hashes the code only, consistent with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }
}
