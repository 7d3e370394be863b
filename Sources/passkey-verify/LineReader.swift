#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits an input into lines on `\n` while reading it in fixed chunks, keeping at most one bounded line in
/// memory. A line longer than the bound is skipped up to its newline and reported as too long.
struct LineReader {
    /// One line of input.
    enum Line: Equatable {
        /// The line's bytes without its `\n` (and without a `\r` before it).
        case text([UInt8])
        /// The line was longer than the bound; `length` is how many bytes it had.
        case tooLong(length: Int)
    }

    /// The size of each read.
    static let chunkSize = 65_536

    private let reader: FileDescriptorReader
    private let source: String
    private let maximumLineLength: Int
    private var chunk: [UInt8]
    private var position = 0
    private var filled = 0
    private var atEnd = false

    init(_ reader: FileDescriptorReader, source: String, maximumLineLength: Int) {
        self.reader = reader
        self.source = source
        self.maximumLineLength = maximumLineLength
        self.chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// The next line, or `nil` at the end of the input. A last line without `\n` counts; an input that ends
    /// with `\n` has no empty line after it.
    mutating func next() throws(UsageError) -> Line? {
        var line: [UInt8] = []
        var length = 0
        var started = false
        while true {
            if position == filled {
                if atEnd { return nil }
                filled = try reader.readChunk(into: &chunk, source: source)
                position = 0
                if filled == 0 {
                    atEnd = true
                    return started ? finish(line, length: length) : nil
                }
            }
            started = true
            let newline = Self.firstNewline(in: chunk, from: position, to: filled)
            let end = newline ?? filled
            let count = end - position
            if length + count <= maximumLineLength {
                chunk.withUnsafeBufferPointer {
                    line.append(contentsOf: UnsafeBufferPointer(rebasing: $0[position..<end]))
                }
            } else if !line.isEmpty {
                line = []
            }
            length += count
            position = newline.map { $0 + 1 } ?? filled
            if newline != nil {
                return finish(line, length: length)
            }
        }
    }

    /// The index of the first `\n` in `bytes[start..<end]` (`memchr`, which scans many bytes at a time).
    private static func firstNewline(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, start < end, end <= buffer.count else { return nil }
            guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private func finish(_ line: [UInt8], length: Int) -> Line {
        guard length <= maximumLineLength else { return .tooLong(length: length) }
        guard line.last == UInt8(ascii: "\r") else { return .text(line) }
        return .text(Array(line.dropLast()))
    }
}
