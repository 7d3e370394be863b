/// Arithmetic in the ring R_q = Z_q[X]/(X^256 + 1) of ML-DSA (FIPS 204 §2.3, §7.5), on polynomials held as
/// 256 `Int32` coefficients.
///
/// Products use Montgomery reduction with R = 2^32; the number-theoretic transform follows FIPS 204
/// Algorithms 41 and 42 with ζ = 1753 and its powers in bit-reversed order (Appendix B), kept in Montgomery
/// form. Every operation runs on wrapping arithmetic over values whose bounds are stated where they are
/// produced, so no input can trap; the bounds also guarantee no wrap ever happens.
enum ModuleLatticeField {
    /// q = 2^23 − 2^13 + 1 (FIPS 204 §4).
    static let modulus: Int32 = 8_380_417
    /// The number of coefficients of a polynomial.
    static let degree = 256
    /// `d`: the bits dropped from t (FIPS 204 Table 1).
    static let droppedBits: Int32 = 13
    /// q^-1 mod 2^32.
    private static let modulusInverse: Int32 = 58_728_449
    /// (2^32)^2 / 256 mod q: the last step of the inverse transform returns to the normal domain and divides
    /// by 256.
    private static let inverseTransformFactor: Int64 = 41_978
    /// ζ^brv8(m) · 2^32 mod q for m = 0…255, centred (FIPS 204 Appendix B, in Montgomery form).
    private static let twiddleFactors: [Int32] = {
        let q = UInt64(modulus)
        var factors = [Int32](repeating: 0, count: 256)
        for index in 0..<256 {
            var exponent = 0
            for bit in 0..<8 where index & (1 << bit) != 0 {
                exponent |= 1 << (7 - bit)
            }
            var power: UInt64 = 1
            for _ in 0..<exponent {
                power = power * 1753 % q
            }
            let montgomery = Int64(power << 32 % q)
            factors[index] = Int32(montgomery > Int64(modulus / 2) ? montgomery - Int64(modulus) : montgomery)
        }
        return factors
    }()

    /// a · 2^-32 mod q, in (−q, q) for |a| < 2^31·q.
    @inline(__always)
    static func montgomeryReduce(_ a: Int64) -> Int32 {
        let t = Int32(truncatingIfNeeded: a) &* modulusInverse
        return Int32(truncatingIfNeeded: (a &- Int64(t) &* Int64(modulus)) >> 32)
    }

    /// A representative of a mod q in [−6283008, 6283008] for a ≤ 2^31 − 2^22 − 1.
    @inline(__always)
    static func reduce(_ a: Int32) -> Int32 {
        let t = (a &+ (1 << 22)) >> 23
        return a &- t &* modulus
    }

    /// The representative of a mod q in [0, q) for any a.
    @inline(__always)
    static func canonical(_ a: Int32) -> Int32 {
        let r = a % modulus
        return r < 0 ? r &+ modulus : r
    }

    /// The forward transform (FIPS 204 Algorithm 41) in place. Coefficients below q in absolute value grow to
    /// below 9q.
    static func transform(_ polynomial: inout [Int32]) {
        precondition(polynomial.count == degree, "a polynomial has 256 coefficients")
        twiddleFactors.withUnsafeBufferPointer { zetas in
            polynomial.withUnsafeMutableBufferPointer { a in
                var k = 0
                var length = 128
                while length > 0 {
                    var start = 0
                    while start < 256 {
                        k &+= 1
                        let zeta = Int64(zetas[k])
                        for j in start..<(start + length) {
                            let t = montgomeryReduce(zeta &* Int64(a[j + length]))
                            a[j + length] = a[j] &- t
                            a[j] = a[j] &+ t
                        }
                        start += 2 * length
                    }
                    length >>= 1
                }
            }
        }
    }

    /// The inverse transform (FIPS 204 Algorithm 42) in place, also multiplying by 2^32 so that it undoes one
    /// Montgomery product. Coefficients below q in absolute value come out below q in absolute value.
    static func inverseTransform(_ polynomial: inout [Int32]) {
        precondition(polynomial.count == degree, "a polynomial has 256 coefficients")
        twiddleFactors.withUnsafeBufferPointer { zetas in
            polynomial.withUnsafeMutableBufferPointer { a in
                var k = 256
                var length = 1
                while length < 256 {
                    var start = 0
                    while start < 256 {
                        k &-= 1
                        let zeta = -Int64(zetas[k])
                        for j in start..<(start + length) {
                            let t = a[j]
                            a[j] = t &+ a[j + length]
                            a[j + length] = montgomeryReduce(zeta &* Int64(t &- a[j + length]))
                        }
                        start += 2 * length
                    }
                    length <<= 1
                }
                for j in 0..<256 {
                    a[j] = montgomeryReduce(inverseTransformFactor &* Int64(a[j]))
                }
            }
        }
    }

    /// `accumulator += a ∘ b · 2^-32` coefficient by coefficient (FIPS 204 Algorithm 45, Montgomery form).
    static func multiplyAccumulate(_ accumulator: inout [Int32], _ a: [Int32], _ b: [Int32]) {
        precondition(accumulator.count == degree && a.count == degree && b.count == degree)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                accumulator.withUnsafeMutableBufferPointer { sum in
                    for j in 0..<256 {
                        sum[j] = sum[j] &+ montgomeryReduce(Int64(a[j]) &* Int64(b[j]))
                    }
                }
            }
        }
    }

    /// `a ∘ b · 2^-32` coefficient by coefficient (FIPS 204 Algorithm 45, Montgomery form).
    static func multiply(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        var product = [Int32](repeating: 0, count: degree)
        multiplyAccumulate(&product, a, b)
        return product
    }

    /// `Decompose` (FIPS 204 Algorithm 36) of r in [0, q): (r1, r0) with r = r1·2γ2 + r0 mod q.
    @inline(__always)
    static func decompose(_ r: Int32, gamma2: Int32) -> (high: Int32, low: Int32) {
        var low = r % (2 &* gamma2)
        if low > gamma2 { low &-= 2 &* gamma2 }
        if r &- low == modulus &- 1 { return (0, low &- 1) }
        return ((r &- low) / (2 &* gamma2), low)
    }

    /// `UseHint` (FIPS 204 Algorithm 40) of r in [0, q).
    @inline(__always)
    static func useHint(_ hint: Bool, _ r: Int32, gamma2: Int32) -> Int32 {
        let (high, low) = decompose(r, gamma2: gamma2)
        guard hint else { return high }
        let m = (modulus &- 1) / (2 &* gamma2)
        if low > 0 { return high &+ 1 == m ? 0 : high &+ 1 }
        return high == 0 ? m &- 1 : high &- 1
    }
}
