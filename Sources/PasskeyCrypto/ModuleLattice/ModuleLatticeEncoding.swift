/// The bit packings of ML-DSA (FIPS 204 §7.1, Algorithms 16–21): coefficients written least significant bit
/// first, one after another, 256 to a polynomial.
enum ModuleLatticeEncoding {
    /// `SimpleBitUnpack` (Algorithm 18): 256 unsigned coefficients of `bits` bits from `bytes[start...]`.
    ///
    /// The caller has checked that `bytes` holds 32·`bits` bytes from `start`.
    static func unpack(_ bytes: [UInt8], from start: Int, bits: Int) -> [Int32] {
        precondition(bits > 0 && bits <= 24 && start >= 0 && bytes.count - start >= 32 * bits)
        var coefficients = [Int32](repeating: 0, count: ModuleLatticeField.degree)
        let mask = (UInt64(1) << bits) - 1
        bytes.withUnsafeBufferPointer { input in
            coefficients.withUnsafeMutableBufferPointer { output in
                var buffer: UInt64 = 0
                var available = 0
                var index = start
                for coefficient in 0..<256 {
                    while available < bits {
                        buffer |= UInt64(input[index]) << available
                        index += 1
                        available += 8
                    }
                    output[coefficient] = Int32(truncatingIfNeeded: buffer & mask)
                    buffer >>= bits
                    available -= bits
                }
            }
        }
        return coefficients
    }

    /// `SimpleBitPack` (Algorithm 16): appends the low `bits` bits of each of 256 coefficients to `bytes`.
    static func pack(_ coefficients: [Int32], bits: Int, into bytes: inout [UInt8]) {
        precondition(coefficients.count == ModuleLatticeField.degree && bits > 0 && bits <= 24)
        let mask = (UInt64(1) << bits) - 1
        var buffer: UInt64 = 0
        var available = 0
        for coefficient in coefficients {
            buffer |= (UInt64(UInt32(bitPattern: coefficient)) & mask) << available
            available += bits
            while available >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                available -= 8
            }
        }
    }

    /// `BitUnpack(v, a, b)` (Algorithm 19) for a = b − 1 + … : coefficients `b − u` for each unsigned `u`.
    static func unpackSigned(_ bytes: [UInt8], from start: Int, bits: Int, upperBound b: Int32) -> [Int32] {
        unpack(bytes, from: start, bits: bits).map { b &- $0 }
    }

    /// `BitPack(w, a, b)` (Algorithm 17): appends `b − w` of each coefficient in `bits` bits.
    static func packSigned(_ coefficients: [Int32], bits: Int, upperBound b: Int32, into bytes: inout [UInt8]) {
        pack(coefficients.map { b &- $0 }, bits: bits, into: &bytes)
    }
}
