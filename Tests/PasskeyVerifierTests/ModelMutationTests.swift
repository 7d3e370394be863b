import PasskeyVerifier
import Testing

/// Deterministic random mutations of real inputs: every parser must either accept or throw a
/// ``WebAuthnError`` of its own family, never trap.
@Suite struct ModelMutationTests {
    /// SplitMix64, so failures reproduce.
    struct Generator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static func mutate(_ bytes: [UInt8], using generator: inout Generator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where !bytes.isEmpty:
                bytes[position] = UInt8.random(in: 0...255, using: &generator)
            case 1 where !bytes.isEmpty:
                bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
            case 2:
                bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
            default:
                if !bytes.isEmpty { bytes.remove(at: position) }
            }
        }
        return bytes
    }

    @Test func attestationObjectsNeverTrap() {
        var generator = Generator(state: 1)
        let seeds = [
            ModelTestVectors.bytes(hex: ModelTestVectors.packedES256AttestationObject),
            Base64URL.decode(ModelTestVectors.yubikeyBioAttestationObjectBase64URL) ?? [],
        ]
        let expectedCodes: Set<WebAuthnError.Code> = [
            .malformedCBOR, .malformedInput, .malformedAuthenticatorData, .invalidPublicKey,
            .unsupportedAlgorithm, .credentialIdTooLong, .unsupportedAttestationFormat,
        ]
        var rejected = 0
        for seed in seeds {
            for _ in 0..<3_000 {
                let input = Self.mutate(seed, using: &generator)
                do {
                    _ = try AttestationObject(
                        bytes: input, cborMode: Bool.random(using: &generator) ? .strict : .lenient)
                } catch {
                    rejected += 1
                    #expect(expectedCodes.contains(error.code), "\(error)")
                }
            }
        }
        #expect(rejected > 1_000)
    }

    @Test func clientDataNeverTraps() {
        var generator = Generator(state: 2)
        let seed = ModelTestVectors.bytes(hex: ModelTestVectors.topOriginRegistrationClientDataJSON)
        var rejected = 0
        for _ in 0..<3_000 {
            do {
                _ = try CollectedClientData(jsonBytes: Self.mutate(seed, using: &generator))
            } catch {
                rejected += 1
                #expect(error.code == .malformedClientData)
            }
        }
        #expect(rejected > 1_000)
    }

    @Test func registrationResponsesNeverTrap() {
        var generator = Generator(state: 3)
        let seed = RegistrationResponseTests.document()
        var rejected = 0
        for _ in 0..<2_000 {
            do {
                _ = try RegistrationResponse(json: Self.mutate(seed, using: &generator))
            } catch {
                rejected += 1
                #expect(error.code == .malformedInput)
            }
        }
        #expect(rejected > 500)
    }
}
