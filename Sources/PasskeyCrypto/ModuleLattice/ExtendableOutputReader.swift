/// Reads an extendable-output function's output byte by byte (FIPS 204 §3.7 `H.Squeeze` / `G.Squeeze`), asking
/// libcrypto for a longer output whenever the bytes read so far run out.
struct ExtendableOutputReader {
    private let function: ExtendableOutputFunction
    private let input: [[UInt8]]
    private var output: [UInt8]
    private var position = 0

    /// Starts reading `function` over the concatenation of `input`, `initialLength` bytes at first.
    init(_ function: ExtendableOutputFunction, input: [[UInt8]], initialLength: Int) throws {
        self.function = function
        self.input = input
        self.output = try function.output(of: input, length: initialLength)
    }

    /// The next output byte.
    mutating func next() throws -> UInt8 {
        if position == output.count {
            output = try function.output(of: input, length: output.count * 2)
        }
        let byte = output[position]
        position += 1
        return byte
    }
}
