#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Buffered writes of whole lines to a file descriptor (standard output by default), so that `batch` makes one
/// system call per 64 KiB instead of one per result, and memory stays bounded.
struct OutputWriter {
    /// Bytes kept before they are written out.
    static let flushThreshold = 65_536

    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []

    init(fileDescriptor: Int32 = STDOUT_FILENO) {
        self.fileDescriptor = fileDescriptor
        buffer.reserveCapacity(Self.flushThreshold * 2)
    }

    /// Appends `text` and a newline, writing out the buffer when it is full.
    mutating func writeLine(_ text: String) throws(UsageError) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= Self.flushThreshold {
            try flush()
        }
    }

    /// Appends `bytes` (whole lines, each with its newline), writing out the buffer when it is full.
    mutating func writeLines(_ bytes: [UInt8]) throws(UsageError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushThreshold {
            try flush()
        }
    }

    /// Writes out everything buffered.
    mutating func flush() throws(UsageError) {
        defer { buffer.removeAll(keepingCapacity: true) }
        try Self.writeAll(buffer, to: fileDescriptor)
    }

    /// Writes `text` to standard error, ignoring failures (there is nowhere left to report them).
    static func writeToStandardError(_ text: String) {
        try? writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    private static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) throws(UsageError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(fileDescriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                throw UsageError("cannot write the output: \(String(cString: strerror(code)))")
            }
            offset += written
        }
    }
}
