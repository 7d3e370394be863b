#if PostgreSQL
    import PostgresNIO

    /// Reading the cells of the stores' rows: `BYTEA` as bytes, and `NULL` as `nil` rather than as a decoding error.
    enum PostgresValue {
        static func bytes(_ cell: PostgresCell) throws -> [UInt8] {
            Array(try cell.decode(ByteBuffer.self).readableBytesView)
        }

        static func optionalBytes(_ cell: PostgresCell) throws -> [UInt8]? {
            cell.bytes == nil ? nil : try bytes(cell)
        }

        static func optional<Value: PostgresDecodable>(_ cell: PostgresCell, as type: Value.Type) throws -> Value? {
            cell.bytes == nil ? nil : try cell.decode(Value.self)
        }
    }
#endif
