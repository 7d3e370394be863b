/// The samplers of ML-DSA (FIPS 204 §7.3): the public matrix, the challenge, the secret and mask vectors.
enum ModuleLatticeSampling {
    /// `RejNTTPoly` (Algorithm 30): a polynomial in the transform domain with coefficients uniform in [0, q),
    /// from SHAKE128 of `seed`, three bytes a candidate (`CoeffFromThreeBytes`, Algorithm 14).
    static func uniformPolynomial(seed: [UInt8]) throws -> [Int32] {
        var reader = try ExtendableOutputReader(.shake128, input: [seed], initialLength: 5 * 168)
        var coefficients = [Int32]()
        coefficients.reserveCapacity(ModuleLatticeField.degree)
        while coefficients.count < ModuleLatticeField.degree {
            let b0 = Int32(try reader.next())
            let b1 = Int32(try reader.next())
            let b2 = Int32(try reader.next() & 0x7F)
            let candidate = b2 << 16 | b1 << 8 | b0
            if candidate < ModuleLatticeField.modulus {
                coefficients.append(candidate)
            }
        }
        return coefficients
    }

    /// `ExpandA` (Algorithm 32): the k × ℓ matrix Â, row by row, entry (r, s) from ρ ‖ s ‖ r. Verification
    /// samples the entries one at a time instead (``uniformPolynomial(seed:)``), so as not to hold the matrix.
    static func matrix(seed: [UInt8], parameters: MLDSAParameterSet) throws -> [[Int32]] {
        var matrix = [[Int32]]()
        matrix.reserveCapacity(parameters.rows * parameters.columns)
        for row in 0..<parameters.rows {
            for column in 0..<parameters.columns {
                matrix.append(try uniformPolynomial(seed: seed + [UInt8(column), UInt8(row)]))
            }
        }
        return matrix
    }

    /// `SampleInBall` (Algorithm 29): the challenge polynomial with τ coefficients ±1 and the rest 0, from
    /// SHAKE256 of the commitment hash c̃.
    static func challenge(commitmentHash: [UInt8], weight: Int) throws -> [Int32] {
        var reader = try ExtendableOutputReader(.shake256, input: [commitmentHash], initialLength: 136)
        var signs: UInt64 = 0
        for index in 0..<8 {
            signs |= UInt64(try reader.next()) << (8 * index)
        }
        var coefficients = [Int32](repeating: 0, count: ModuleLatticeField.degree)
        for i in (ModuleLatticeField.degree - weight)..<ModuleLatticeField.degree {
            var j = Int(try reader.next())
            while j > i {
                j = Int(try reader.next())
            }
            coefficients[i] = coefficients[j]
            coefficients[j] = signs & 1 == 1 ? -1 : 1
            signs >>= 1
        }
        return coefficients
    }

    /// `RejBoundedPoly` (Algorithm 31): a polynomial with coefficients in [−η, η] from SHAKE256 of `seed`, two
    /// candidates a byte (`CoeffFromHalfByte`, Algorithm 15).
    static func boundedPolynomial(seed: [UInt8], bound: Int32) throws -> [Int32] {
        var reader = try ExtendableOutputReader(.shake256, input: [seed], initialLength: 272)
        var coefficients = [Int32]()
        coefficients.reserveCapacity(ModuleLatticeField.degree)
        while coefficients.count < ModuleLatticeField.degree {
            let byte = try reader.next()
            for half in [Int32(byte & 0x0F), Int32(byte >> 4)] where coefficients.count < ModuleLatticeField.degree {
                if bound == 2, half < 15 {
                    coefficients.append(2 - half % 5)
                } else if bound == 4, half < 9 {
                    coefficients.append(4 - half)
                }
            }
        }
        return coefficients
    }

    /// `ExpandMask` (Algorithm 34): the ℓ mask polynomials for counter κ, coefficients in (−γ1, γ1].
    static func mask(seed: [UInt8], counter: Int, parameters: MLDSAParameterSet) throws -> [[Int32]] {
        let bits = parameters.responseCoefficientBits
        return try (0..<parameters.columns).map { index in
            let nonce = counter + index
            let bytes = try ExtendableOutputFunction.shake256.output(
                of: [seed, [UInt8(truncatingIfNeeded: nonce), UInt8(truncatingIfNeeded: nonce >> 8)]],
                length: 32 * bits
            )
            return ModuleLatticeEncoding.unpackSigned(bytes, from: 0, bits: bits, upperBound: parameters.gamma1)
        }
    }
}
