import PasskeyCBOR
import Testing

/// Feeds deterministic pseudo-random mutations of a realistic attestation
/// object to the decoder: every input must either decode or throw a
/// ``CBORError``, strict decoding must only accept canonical bytes, and the
/// encoder must turn whatever lenient decoding accepts into canonical bytes.
@Suite struct CBORDecoderMutationTests {
    /// A 64-bit linear congruential generator (Knuth's MMIX constants) so every run sees the same inputs.
    struct LinearCongruentialGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }

        mutating func next(below bound: Int) -> Int {
            Int(next() % UInt64(max(bound, 1)))
        }
    }

    static let seed: [UInt8] = CBOREncoder.encode(
        .map(
            CBORMap(entries: [
                .init(key: .textString("fmt"), value: .textString("packed")),
                .init(
                    key: .textString("attStmt"),
                    value: .map(
                        CBORMap(entries: [
                            .init(key: .textString("alg"), value: CBORValue(integer: -7)),
                            .init(key: .textString("sig"), value: .byteString(Array(0..<40))),
                            .init(key: .textString("x5c"), value: .array([.byteString(Array(100..<130))])),
                        ])
                    )
                ),
                .init(
                    key: .textString("authData"),
                    value: .byteString(
                        Array(repeating: 0x49, count: 37)
                            + CBOREncoder.encode(
                                .map(
                                    CBORMap(entries: [
                                        .init(key: CBORValue(integer: 1), value: CBORValue(integer: 2)),
                                        .init(key: CBORValue(integer: 3), value: CBORValue(integer: -7)),
                                        .init(key: CBORValue(integer: -1), value: CBORValue(integer: 1)),
                                        .init(key: CBORValue(integer: -2), value: .byteString(Array(0..<32))),
                                    ])
                                )
                            )
                    )
                ),
                .init(key: .textString("ext"), value: .array([.boolean(true), .null, .textString("\u{e9}")])),
            ])
        )
    )

    static func mutate(_ input: [UInt8], using generator: inout LinearCongruentialGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0...generator.next(below: 3) {
            let position = generator.next(below: bytes.count)
            switch generator.next(below: 6) {
            case 0:
                if !bytes.isEmpty { bytes[position] = UInt8(truncatingIfNeeded: generator.next()) }
            case 1:
                if !bytes.isEmpty { bytes[position] ^= UInt8(1 << generator.next(below: 8)) }
            case 2:
                bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: position)
            case 3:
                if !bytes.isEmpty { bytes.remove(at: position) }
            case 4:
                bytes = Array(bytes.prefix(position))
            default:
                let interesting: [UInt8] = [0x18, 0x1B, 0x5B, 0x7B, 0x9B, 0xBB, 0x9F, 0xFF, 0xF7, 0xFB, 0xC0, 0xA0]
                if !bytes.isEmpty { bytes[position] = interesting[generator.next(below: interesting.count)] }
            }
        }
        return bytes
    }

    @Test func mutatedInputsDecodeOrThrowCBORError() {
        var generator = LinearCongruentialGenerator(state: 0x5EED_CB0A)
        let strict = CBORDecoder()
        let lenient = CBORDecoder(mode: .lenient)
        #expect(throws: Never.self) { try strict.decode(Self.seed) }
        var unexpectedErrors = 0
        var nonCanonicalAcceptances = 0
        var lenientRoundTripFailures = 0
        var accepted = 0
        var rejectedCodes: Set<CBORError.Code> = []
        for _ in 0..<20_000 {
            let input = Self.mutate(Self.seed, using: &generator)
            do {
                let value = try strict.decode(input)
                accepted += 1
                if CBOREncoder.encode(value) != input { nonCanonicalAcceptances += 1 }
            } catch let error as CBORError {
                rejectedCodes.insert(error.code)
            } catch {
                unexpectedErrors += 1
            }
            do {
                let prefix = try lenient.decodePrefix(input)
                let canonical = CBOREncoder.encode(prefix.value)
                let reencoded = (try? strict.decode(canonical)).map(CBOREncoder.encode)
                if prefix.bytesConsumed > input.count || reencoded != canonical {
                    lenientRoundTripFailures += 1
                }
            } catch is CBORError {
            } catch {
                unexpectedErrors += 1
            }
        }
        #expect(unexpectedErrors == 0)
        #expect(nonCanonicalAcceptances == 0)
        #expect(lenientRoundTripFailures == 0)
        #expect(accepted > 0)
        #expect(rejectedCodes.count >= 8)
    }
}
