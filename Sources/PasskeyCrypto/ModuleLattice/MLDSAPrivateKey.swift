/// An ML-DSA private key (FIPS 204 §5.1–5.2, Algorithms 6 and 7) that signs with pure ML-DSA, for test
/// authenticators: key generation from a 32-byte seed ξ and signing in Swift, on every libcrypto 3.x.
///
/// Not hardened against side channels (its branches and memory accesses depend on secret values): package-level,
/// for test credentials (`VirtualAuthenticator`), never to protect a real secret.
package struct MLDSAPrivateKey: Sendable {
    /// The parameter set.
    package let parameterSet: MLDSAParameterSet
    /// The seed ξ the key was generated from (FIPS 204 Algorithm 6).
    package let seed: [UInt8]
    /// The public key.
    package let publicKey: MLDSAPublicKey
    /// K, the signing seed.
    private let signingSeed: [UInt8]
    /// Â, row by row (k·ℓ polynomials).
    private let matrix: [[Int32]]
    /// NTT(s1), NTT(s2), NTT(t0).
    private let secretTransform: [[Int32]]
    private let errorTransform: [[Int32]]
    private let lowBitsTransform: [[Int32]]

    /// `ML-DSA.KeyGen_internal(ξ)` (FIPS 204 Algorithm 6). Throws ``CryptoError/Code/invalidPrivateKey`` unless
    /// `seed` is 32 bytes.
    package init(seed: [UInt8], parameterSet: MLDSAParameterSet) throws {
        guard seed.count == 32 else {
            throw CryptoError(.invalidPrivateKey, "an ML-DSA seed is 32 bytes, not \(seed.count)")
        }
        let p = parameterSet
        let expanded = try ExtendableOutputFunction.shake256.output(
            of: [seed, [UInt8(p.rows), UInt8(p.columns)]], length: 128)
        let publicSeed = Array(expanded[0..<32])
        let secretSeed = Array(expanded[32..<96])
        let matrix = try ModuleLatticeSampling.matrix(seed: publicSeed, parameters: p)
        let secret = try (0..<p.columns).map { index in
            try ModuleLatticeSampling.boundedPolynomial(
                seed: secretSeed + [UInt8(index), 0], bound: p.secretBound)
        }
        let error = try (0..<p.rows).map { index in
            try ModuleLatticeSampling.boundedPolynomial(
                seed: secretSeed + [UInt8(p.columns + index), 0], bound: p.secretBound)
        }
        let secretTransform = secret.map(Self.transformed)
        var encoded = publicSeed
        var lowBits = [[Int32]]()
        for row in 0..<p.rows {
            var t = [Int32](repeating: 0, count: ModuleLatticeField.degree)
            for column in 0..<p.columns {
                ModuleLatticeField.multiplyAccumulate(&t, matrix[row * p.columns + column], secretTransform[column])
            }
            t = t.map(ModuleLatticeField.reduce)
            ModuleLatticeField.inverseTransform(&t)
            var high = [Int32]()
            var low = [Int32]()
            for (coefficient, errorCoefficient) in zip(t, error[row]) {
                let value = ModuleLatticeField.canonical(coefficient + errorCoefficient)
                var remainder = value & ((1 << ModuleLatticeField.droppedBits) - 1)
                if remainder > 1 << (ModuleLatticeField.droppedBits - 1) {
                    remainder -= 1 << ModuleLatticeField.droppedBits
                }
                high.append((value - remainder) >> ModuleLatticeField.droppedBits)
                low.append(remainder)
            }
            ModuleLatticeEncoding.pack(high, bits: 10, into: &encoded)
            lowBits.append(low)
        }
        self.parameterSet = p
        self.seed = seed
        self.publicKey = try MLDSAPublicKey(encoded: encoded, parameterSet: p)
        self.signingSeed = Array(expanded[96..<128])
        self.matrix = matrix
        self.secretTransform = secretTransform
        self.errorTransform = error.map(Self.transformed)
        self.lowBitsTransform = lowBits.map(Self.transformed)
    }

    /// A new key from a random seed.
    package static func generate(_ parameterSet: MLDSAParameterSet) throws -> MLDSAPrivateKey {
        try MLDSAPrivateKey(seed: SecureRandom.bytes(count: 32), parameterSet: parameterSet)
    }

    /// `ML-DSA.Sign` (FIPS 204 Algorithm 2) of `message` under `context`: hedged with 32 fresh random bytes, or
    /// deterministic when `randomness` is 32 zero bytes (the "deterministic variant", §3.4).
    package func signature(
        for message: [UInt8],
        context: [UInt8] = [],
        randomness: [UInt8]? = nil
    ) throws -> [UInt8] {
        guard context.count <= 255 else {
            throw CryptoError(.invalidPrivateKey, "an ML-DSA context is at most 255 bytes")
        }
        let random = try randomness ?? SecureRandom.bytes(count: 32)
        guard random.count == 32 else {
            throw CryptoError(.invalidPrivateKey, "ML-DSA signing randomness is 32 bytes")
        }
        let p = parameterSet
        let messageRepresentative = try ExtendableOutputFunction.shake256.output(
            of: [publicKey.publicKeyHash, [0, UInt8(context.count)], context, message], length: 64)
        let privateSeed = try ExtendableOutputFunction.shake256.output(
            of: [signingSeed, random, messageRepresentative], length: 64)
        var counter = 0
        while counter < 1 << 16 {
            defer { counter += p.columns }
            let mask = try ModuleLatticeSampling.mask(seed: privateSeed, counter: counter, parameters: p)
            let maskTransform = mask.map(Self.transformed)
            var commitment = [[Int32]]()
            var encodedHigh = [UInt8]()
            for row in 0..<p.rows {
                var w = [Int32](repeating: 0, count: ModuleLatticeField.degree)
                for column in 0..<p.columns {
                    ModuleLatticeField.multiplyAccumulate(
                        &w, matrix[row * p.columns + column], maskTransform[column])
                }
                w = w.map(ModuleLatticeField.reduce)
                ModuleLatticeField.inverseTransform(&w)
                w = w.map(ModuleLatticeField.canonical)
                commitment.append(w)
                let high = w.map { ModuleLatticeField.decompose($0, gamma2: p.gamma2).high }
                ModuleLatticeEncoding.pack(high, bits: p.commitmentCoefficientBits, into: &encodedHigh)
            }
            let commitmentHash = try ExtendableOutputFunction.shake256.output(
                of: [messageRepresentative, encodedHigh], length: p.commitmentHashLength)
            let challenge = Self.transformed(
                try ModuleLatticeSampling.challenge(commitmentHash: commitmentHash, weight: p.challengeWeight))
            let response = (0..<p.columns).map { column in
                zip(mask[column], Self.product(challenge, secretTransform[column])).map { $0 + $1 }
            }
            guard response.allSatisfy({ $0.allSatisfy { abs($0) < p.gamma1 - p.beta } }) else { continue }
            var hints = [[Bool]]()
            var hintCount = 0
            var rejected = false
            for row in 0..<p.rows where !rejected {
                let errorProduct = Self.product(challenge, errorTransform[row])
                let lowProduct = Self.product(challenge, lowBitsTransform[row])
                var rowHints = [Bool]()
                for index in 0..<ModuleLatticeField.degree {
                    let shifted = ModuleLatticeField.canonical(commitment[row][index] - errorProduct[index])
                    let (high, low) = ModuleLatticeField.decompose(shifted, gamma2: p.gamma2)
                    if abs(low) >= p.gamma2 - p.beta || abs(lowProduct[index]) >= p.gamma2 {
                        rejected = true
                        break
                    }
                    let approximate = ModuleLatticeField.canonical(shifted + lowProduct[index])
                    let hint = ModuleLatticeField.decompose(approximate, gamma2: p.gamma2).high != high
                    rowHints.append(hint)
                    hintCount += hint ? 1 : 0
                }
                hints.append(rowHints)
            }
            guard !rejected, hintCount <= p.maximumHintCount else { continue }
            var signature = commitmentHash
            for polynomial in response {
                ModuleLatticeEncoding.packSigned(
                    polynomial, bits: p.responseCoefficientBits, upperBound: p.gamma1, into: &signature)
            }
            var positions = [UInt8]()
            var ends = [UInt8]()
            for row in hints {
                for (index, hint) in row.enumerated() where hint {
                    positions.append(UInt8(index))
                }
                ends.append(UInt8(positions.count))
            }
            signature += positions + [UInt8](repeating: 0, count: p.maximumHintCount - positions.count) + ends
            return signature
        }
        throw CryptoError(.libcryptoFailure, "ML-DSA signing did not finish in 65536 attempts")
    }

    /// NTT of a copy of `polynomial`.
    private static func transformed(_ polynomial: [Int32]) -> [Int32] {
        var copy = polynomial
        ModuleLatticeField.transform(&copy)
        return copy
    }

    /// NTT^-1(a ∘ b) with centred coefficients in (−q/2, q/2].
    private static func product(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        var result = ModuleLatticeField.multiply(a, b)
        ModuleLatticeField.inverseTransform(&result)
        return result.map { value in
            let canonical = ModuleLatticeField.canonical(value)
            return canonical > ModuleLatticeField.modulus / 2 ? canonical - ModuleLatticeField.modulus : canonical
        }
    }
}
