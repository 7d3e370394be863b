#if SQLite
    import Foundation
    import PasskeyVerifier
    import SQLiteNIO

    /// The conversions between the stores' values and SQLite's (blobs, 0/1 integers, `REAL` seconds since
    /// 1970, `NULL` for `nil`), and the checked reading of a row's columns.
    enum SQLiteValue {
        static func blob(_ bytes: [UInt8]) -> SQLiteData {
            .blob(ByteBuffer(bytes: bytes))
        }

        static func blob(_ bytes: [UInt8]?) -> SQLiteData {
            bytes.map(blob) ?? .null
        }

        static func integer(_ value: Int64) -> SQLiteData {
            .integer(SQLiteInt64(value))
        }

        static func boolean(_ value: Bool) -> SQLiteData {
            .integer(value ? 1 : 0)
        }

        static func boolean(_ value: Bool?) -> SQLiteData {
            value.map(boolean) ?? .null
        }

        static func text(_ value: String?) -> SQLiteData {
            value.map { .text($0) } ?? .null
        }

        static func instant(_ value: Date) -> SQLiteData {
            .float(value.timeIntervalSince1970)
        }

        static func instant(_ value: Date?) -> SQLiteData {
            value.map(instant) ?? .null
        }

        /// The column `name` of `row`, `nil` when `NULL`.
        static func column(_ name: String, of row: SQLiteRow) throws(StoreError) -> SQLiteData? {
            guard let data = row.column(name) else {
                throw StoreError(.corruptedRow, "the row has no column \(name)")
            }
            return data.isNull ? nil : data
        }

        static func bytes(_ name: String, of row: SQLiteRow) throws(StoreError) -> [UInt8] {
            guard let bytes = try optionalBytes(name, of: row) else {
                throw StoreError(.corruptedRow, "\(name) is NULL")
            }
            return bytes
        }

        static func optionalBytes(_ name: String, of row: SQLiteRow) throws(StoreError) -> [UInt8]? {
            guard let data = try column(name, of: row) else { return nil }
            guard case .blob(let buffer) = data else {
                throw StoreError(.corruptedRow, "\(name) is not a blob")
            }
            return Array(buffer.readableBytesView)
        }

        static func integer(_ name: String, of row: SQLiteRow) throws(StoreError) -> Int64 {
            guard case .integer(let value) = try column(name, of: row) else {
                throw StoreError(.corruptedRow, "\(name) is not an integer")
            }
            return Int64(value)
        }

        static func boolean(_ name: String, of row: SQLiteRow) throws(StoreError) -> Bool {
            guard let value = try optionalBoolean(name, of: row) else {
                throw StoreError(.corruptedRow, "\(name) is NULL")
            }
            return value
        }

        static func optionalBoolean(_ name: String, of row: SQLiteRow) throws(StoreError) -> Bool? {
            guard let data = try column(name, of: row) else { return nil }
            guard case .integer(let value) = data, value == 0 || value == 1 else {
                throw StoreError(.corruptedRow, "\(name) is not 0 or 1")
            }
            return value == 1
        }

        static func optionalText(_ name: String, of row: SQLiteRow) throws(StoreError) -> String? {
            guard let data = try column(name, of: row) else { return nil }
            guard case .text(let value) = data else {
                throw StoreError(.corruptedRow, "\(name) is not text")
            }
            return value
        }

        static func text(_ name: String, of row: SQLiteRow) throws(StoreError) -> String {
            guard let value = try optionalText(name, of: row) else {
                throw StoreError(.corruptedRow, "\(name) is NULL")
            }
            return value
        }

        static func optionalInstant(_ name: String, of row: SQLiteRow) throws(StoreError) -> Date? {
            guard let data = try column(name, of: row) else { return nil }
            switch data {
            case .float(let seconds): return Date(timeIntervalSince1970: seconds)
            case .integer(let seconds): return Date(timeIntervalSince1970: TimeInterval(seconds))
            default: throw StoreError(.corruptedRow, "\(name) is not a number of seconds")
            }
        }

        static func instant(_ name: String, of row: SQLiteRow) throws(StoreError) -> Date {
            guard let value = try optionalInstant(name, of: row) else {
                throw StoreError(.corruptedRow, "\(name) is NULL")
            }
            return value
        }
    }
#endif
