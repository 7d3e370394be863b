/// An ML-DSA public key (FIPS 204 §5.3, §7.2) that verifies pure ML-DSA signatures, written in Swift so that it
/// works on every libcrypto 3.x (only SHAKE comes from libcrypto; OpenSSL 3.0 has no ML-DSA).
///
/// tr = H(pk) is computed once at init. The matrix Â (`ExpandA`) and t1's transform are computed row by row
/// during each verification, as FIPS 204 Algorithm 8 does, so a key held in memory (in every stored
/// `CredentialRecord`) costs its encoding and 64 bytes, not the 16–56 KB of Â.
public struct MLDSAPublicKey: Sendable, Hashable {
    /// The parameter set.
    public let parameterSet: MLDSAParameterSet
    /// The encoded public key ρ ‖ t1 (FIPS 204 Algorithm 22).
    public let encoded: [UInt8]
    /// tr = H(pk, 64) (FIPS 204 Algorithm 8 step 6).
    let publicKeyHash: [UInt8]

    /// Decodes `encoded` (`pkDecode`, FIPS 204 Algorithm 23) for `parameterSet`.
    ///
    /// Throws ``CryptoError/Code/invalidPublicKey`` when the length is not the parameter set's (1312, 1952 or
    /// 2592 bytes); every 10-bit value of t1 is a valid coefficient, so nothing else can be wrong.
    public init(encoded: [UInt8], parameterSet: MLDSAParameterSet) throws {
        guard encoded.count == parameterSet.publicKeyLength else {
            throw CryptoError(
                .invalidPublicKey,
                "\(parameterSet) public key is \(encoded.count) bytes; it must be \(parameterSet.publicKeyLength)"
            )
        }
        self.parameterSet = parameterSet
        self.encoded = encoded
        publicKeyHash = try ExtendableOutputFunction.shake256.output(of: [encoded], length: 64)
    }

    /// NTT(t1·2^d) of row `row` (FIPS 204 Algorithm 8 step 8).
    func shiftedKeyTransform(row: Int) -> [Int32] {
        var polynomial = ModuleLatticeEncoding.unpack(encoded, from: 32 + 320 * row, bits: 10)
            .map { $0 << ModuleLatticeField.droppedBits }
        ModuleLatticeField.transform(&polynomial)
        return polynomial
    }

    /// Whether `signature` is a valid ML-DSA signature of `message` under `context` (FIPS 204 Algorithm 3,
    /// `ML-DSA.Verify`; WebAuthn uses the empty context). `false` for any malformed signature.
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8], context: [UInt8] = []) -> Bool {
        (try? rejection(of: signature, for: message, context: context)) == .some(nil)
    }

    /// Why `signature` does not verify, or `nil` when it does (FIPS 204 Algorithms 3 and 8, checks in the
    /// order: lengths, hint encoding, response range, commitment hash). Throws only when libcrypto's SHAKE
    /// fails (``CryptoError/Code/libcryptoFailure``).
    public func rejection(
        of signature: [UInt8],
        for message: [UInt8],
        context: [UInt8] = []
    ) throws -> MLDSASignatureRejection? {
        let parameters = parameterSet
        guard context.count <= 255 else { return .contextTooLong }
        guard signature.count == parameters.signatureLength else { return .wrongLength }
        let hashLength = parameters.commitmentHashLength
        let bits = parameters.responseCoefficientBits
        let hintStart = hashLength + 32 * parameters.columns * bits
        let hints: [[Bool]]
        switch Self.decodeHints(signature, from: hintStart, parameters: parameters) {
        case .failure(let rejection): return rejection
        case .success(let decoded): hints = decoded
        }
        let bound = parameters.gamma1 - parameters.beta
        var response = [[Int32]]()
        response.reserveCapacity(parameters.columns)
        for column in 0..<parameters.columns {
            let polynomial = ModuleLatticeEncoding.unpackSigned(
                signature, from: hashLength + 32 * bits * column, bits: bits, upperBound: parameters.gamma1)
            guard polynomial.allSatisfy({ $0 < bound && $0 > -bound }) else { return .responseOutOfRange }
            response.append(polynomial)
        }
        let commitmentHash = Array(signature[0..<hashLength])
        let messageRepresentative = try ExtendableOutputFunction.shake256.output(
            of: [publicKeyHash, [0, UInt8(context.count)], context, message], length: 64)
        var challenge = try ModuleLatticeSampling.challenge(
            commitmentHash: commitmentHash, weight: parameters.challengeWeight)
        ModuleLatticeField.transform(&challenge)
        for index in response.indices {
            ModuleLatticeField.transform(&response[index])
        }
        var commitment = [UInt8]()
        commitment.reserveCapacity(32 * parameters.rows * parameters.commitmentCoefficientBits)
        let seed = Array(encoded[0..<32])
        for row in 0..<parameters.rows {
            var approximation = ModuleLatticeField.multiply(challenge, shiftedKeyTransform(row: row)).map { 0 &- $0 }
            for column in 0..<parameters.columns {
                let entry = try ModuleLatticeSampling.uniformPolynomial(seed: seed + [UInt8(column), UInt8(row)])
                ModuleLatticeField.multiplyAccumulate(&approximation, entry, response[column])
            }
            for index in approximation.indices {
                approximation[index] = ModuleLatticeField.reduce(approximation[index])
            }
            ModuleLatticeField.inverseTransform(&approximation)
            let high = (0..<ModuleLatticeField.degree).map { index in
                ModuleLatticeField.useHint(
                    hints[row][index], ModuleLatticeField.canonical(approximation[index]), gamma2: parameters.gamma2)
            }
            ModuleLatticeEncoding.pack(high, bits: parameters.commitmentCoefficientBits, into: &commitment)
        }
        let recomputed = try ExtendableOutputFunction.shake256.output(
            of: [messageRepresentative, commitment], length: hashLength)
        return recomputed == commitmentHash ? nil : .commitmentHashMismatch
    }

    /// `HintBitUnpack` (FIPS 204 Algorithm 21): the k hint polynomials from the last ω + k bytes.
    static func decodeHints(
        _ signature: [UInt8],
        from start: Int,
        parameters: MLDSAParameterSet
    ) -> Result<[[Bool]], MLDSASignatureRejection> {
        let omega = parameters.maximumHintCount
        var hints = [[Bool]](
            repeating: [Bool](repeating: false, count: ModuleLatticeField.degree), count: parameters.rows)
        var index = 0
        for row in 0..<parameters.rows {
            let end = Int(signature[start + omega + row])
            guard end >= index, end <= omega else { return .failure(.hintCountOutOfRange) }
            let first = index
            while index < end {
                if index > first, signature[start + index - 1] >= signature[start + index] {
                    return .failure(.hintPositionsNotIncreasing)
                }
                hints[row][Int(signature[start + index])] = true
                index += 1
            }
        }
        for position in index..<omega where signature[start + position] != 0 {
            return .failure(.hintPaddingNotZero)
        }
        return .success(hints)
    }

    /// Keys are equal when their encodings are equal.
    public static func == (lhs: MLDSAPublicKey, rhs: MLDSAPublicKey) -> Bool {
        lhs.encoded == rhs.encoded
    }

    /// Hashes the encoding.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(encoded)
    }
}
