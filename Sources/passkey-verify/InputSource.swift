#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command reads its input: the file named by its `FILE` argument, or standard input when the
/// argument is absent or `-` (command-line contract).
struct InputSource {
    /// The file's path, or `nil` for standard input.
    let path: String?

    init(argument: String?) {
        self.path = argument == "-" ? nil : argument
    }

    /// The file at `path`, taken literally (`-` is a file named `-`).
    init(path: String) {
        self.path = path
    }

    /// `standard input` or the path, for messages.
    var displayName: String { path ?? "standard input" }

    /// What ``readAll(limit:)`` found.
    enum Contents {
        /// Every byte of the input.
        case bytes([UInt8])
        /// The input is longer than the limit; nothing past the limit was read.
        case tooLarge
    }

    /// Opens the input for reading.
    /// - Throws: ``UsageError`` when the file does not exist, cannot be opened, or is a directory.
    func openReader() throws(UsageError) -> FileDescriptorReader {
        guard let path else { return FileDescriptorReader(fileDescriptor: STDIN_FILENO, closesOnDeinit: false) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw UsageError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        let reader = FileDescriptorReader(fileDescriptor: descriptor, closesOnDeinit: true)
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw UsageError("cannot read \(path): it is a directory")
        }
        return reader
    }

    /// Reads the whole input, but never more than `limit` bytes plus one.
    func readAll(limit: Int) throws(UsageError) -> Contents {
        let reader = try openReader()
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = try reader.readChunk(into: &chunk, source: displayName)
            if count == 0 { return .bytes(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return .tooLarge }
        }
    }
}

/// An open file descriptor read in chunks; closes the descriptor it opened when released.
final class FileDescriptorReader {
    private let fileDescriptor: Int32
    private let closesOnDeinit: Bool

    init(fileDescriptor: Int32, closesOnDeinit: Bool) {
        self.fileDescriptor = fileDescriptor
        self.closesOnDeinit = closesOnDeinit
    }

    deinit {
        if closesOnDeinit {
            close(fileDescriptor)
        }
    }

    /// Reads up to `buffer.count` bytes into `buffer`; returns how many, 0 at the end of the input.
    func readChunk(into buffer: inout [UInt8], source: String) throws(UsageError) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { pointer -> Int in
                guard let base = pointer.baseAddress else { return 0 }
                return read(fileDescriptor, base, pointer.count)
            }
            if count >= 0 { return count }
            let code = errno
            if code == EINTR { continue }
            throw UsageError("cannot read \(source): \(String(cString: strerror(code)))")
        }
    }
}
