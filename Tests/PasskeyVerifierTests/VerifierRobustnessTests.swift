import PasskeyVerifier
import Testing

/// Seeded, deterministic mutations of real registration and authentication inputs, run through the public
/// verifiers: every failure is a ``WebAuthnError`` (the verifiers' typed throws make that structural; the
/// tests check the code is a verifier code), nothing traps, and a mutated input never verifies unless
/// the bytes that are signed came out unchanged.
@Suite struct VerifierRobustnessTests {
    /// Knuth's MMIX linear congruential generator; the high 32 bits of the state are the output.
    struct LinearCongruentialGenerator {
        var state: UInt64

        mutating func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 32)
        }

        /// A value in `0..<bound`; `bound` is positive.
        mutating func below(_ bound: Int) -> Int {
            Int(next() % UInt32(bound))
        }
    }

    /// `bytes` after one to three random edits: flip a bit, set a byte, insert a byte, delete a byte or truncate.
    static func mutate(_ bytes: [UInt8], using generator: inout LinearCongruentialGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0...generator.below(3) {
            guard !bytes.isEmpty else {
                bytes.append(UInt8(truncatingIfNeeded: generator.next()))
                continue
            }
            let position = generator.below(bytes.count)
            switch generator.below(10) {
            case 0..<3:
                bytes[position] ^= 1 << UInt8(generator.below(8))
            case 3..<6:
                bytes[position] = UInt8(truncatingIfNeeded: generator.next())
            case 6..<8:
                bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: position)
            case 8:
                bytes.remove(at: position)
            default:
                bytes.removeSubrange(position...)
            }
        }
        return bytes
    }

    /// What a batch of mutated inputs came to.
    struct Tally {
        var verified = 0
        var verifiedUnchanged = 0
        var codes: [WebAuthnError.Code: Int] = [:]

        var rejected: Int { codes.values.reduce(0, +) }
    }

    /// Runs `count` mutations of `original` through `verify`. A mutation that verifies must equal the
    /// original under `isUnchanged`; a failure must carry a verifier code.
    static func run(
        _ original: [UInt8],
        count: Int,
        seed: UInt64,
        isUnchanged: ([UInt8]) -> Bool = { _ in false },
        verify: ([UInt8]) throws(WebAuthnError) -> Void
    ) -> Tally {
        var generator = LinearCongruentialGenerator(state: seed)
        var tally = Tally()
        for _ in 0..<count {
            let mutated = mutate(original, using: &generator)
            do throws(WebAuthnError) {
                try verify(mutated)
                tally.verified += 1
                let unchanged = mutated == original || isUnchanged(mutated)
                if unchanged { tally.verifiedUnchanged += 1 }
                #expect(unchanged, "a mutated input verified: \(Base64URL.encode(mutated))")
            } catch {
                tally.codes[error.code, default: 0] += 1
                #expect(
                    !W3CVectors.facadeCodes.contains(error.code),
                    "a verifier produced the facade code \(error.code): \(error.message)"
                )
                #expect(!error.message.isEmpty)
            }
        }
        return tally
    }

    @Test func mutatedPackedAttestationObjectsNeverVerify() throws {
        let ceremony = try RegistrationCeremony.packedES256()
        _ = try ceremony.verify()
        let tally = Self.run(ceremony.attestationObject, count: 900, seed: 1) { (mutated) throws(WebAuthnError) in
            _ = try ceremony.with { $0.attestationObject = mutated }.verify()
        }
        #expect(tally.verified == tally.verifiedUnchanged)
        #expect(tally.rejected > 850)
        #expect(tally.codes.count >= 6, "\(tally.codes)")
    }

    @Test func mutatedRegistrationClientDataNeverVerifies() throws {
        let ceremony = try RegistrationCeremony.packedES256()
        let tally = Self.run(ceremony.clientDataJSON, count: 300, seed: 2) { (mutated) throws(WebAuthnError) in
            _ = try ceremony.with { $0.clientDataJSON = mutated }.verify()
        }
        #expect(tally.verified == tally.verifiedUnchanged)
        #expect(tally.codes[.invalidSignature, default: 0] > 0)
        #expect(tally.codes[.malformedClientData, default: 0] > 0)
    }

    @Test func mutatedAuthenticatorDataNeverVerifies() throws {
        let ceremony = try AuthenticationCeremony.noneES256()
        let tally = Self.run(ceremony.authenticatorData, count: 600, seed: 3) { (mutated) throws(WebAuthnError) in
            _ = try ceremony.with { $0.authenticatorData = mutated }.verify()
        }
        #expect(tally.verified == tally.verifiedUnchanged)
        #expect(tally.codes[.rpIdMismatch, default: 0] > 0)
        #expect(tally.codes[.malformedAuthenticatorData, default: 0] > 0)
        #expect(tally.codes[.invalidSignature, default: 0] > 0)
    }

    @Test func mutatedAuthenticationClientDataNeverVerifies() throws {
        let ceremony = try AuthenticationCeremony.noneES256()
        let tally = Self.run(ceremony.clientDataJSON, count: 400, seed: 4) { (mutated) throws(WebAuthnError) in
            _ = try ceremony.with { $0.clientDataJSON = mutated }.verify()
        }
        #expect(tally.verified == tally.verifiedUnchanged)
        #expect(tally.rejected > 350)
    }

    @Test func mutatedSignaturesNeverVerify() throws {
        let ceremony = try AuthenticationCeremony.noneES256()
        let tally = Self.run(ceremony.signature, count: 400, seed: 5) { (mutated) throws(WebAuthnError) in
            _ = try ceremony.with { $0.signature = mutated }.verify()
        }
        #expect(tally.verified == tally.verifiedUnchanged)
        #expect(tally.codes.keys.sorted { $0.name < $1.name } == [.invalidSignature])
    }

    /// packed-es256's registration as the JSON a browser sends.
    static func packedRegistrationJSON(_ ceremony: RegistrationCeremony) -> [UInt8] {
        let credentialID = Base64URL.encode(ceremony.credentialID)
        let text = """
            {"id":"\(credentialID)","rawId":"\(credentialID)","type":"public-key",\
            "response":{"clientDataJSON":"\(Base64URL.encode(ceremony.clientDataJSON))",\
            "attestationObject":"\(Base64URL.encode(ceremony.attestationObject))","transports":["usb"]},\
            "authenticatorAttachment":"cross-platform","clientExtensionResults":{}}
            """
        return Array(text.utf8)
    }

    /// Text outside the signed members (whitespace, unauthenticated members, unused base64 bits) may change
    /// and still verify; the decoded signed members may not. The attestation is packed, which signs the
    /// authenticator data and the client data hash (`none` would sign nothing).
    @Test func mutatedRegistrationJSONVerifiesOnlyWithTheSameSignedBytes() throws {
        let ceremony = try RegistrationCeremony.packedES256()
        let original = Self.packedRegistrationJSON(ceremony)
        let expected = try RegistrationResponse(json: original)
        let verifier = RegistrationVerifier(trustAnchors: ceremony.trustAnchors)
        _ = try verifier.verify(expected, expecting: ceremony.expectations)
        let tally = Self.run(
            original,
            count: 500,
            seed: 6,
            isUnchanged: { mutated in
                guard let response = try? RegistrationResponse(json: mutated) else { return false }
                return response.credentialID == expected.credentialID
                    && response.clientDataJSON == expected.clientDataJSON
                    && response.attestationObject == expected.attestationObject
            },
            verify: { (mutated) throws(WebAuthnError) in
                _ = try verifier.verify(try RegistrationResponse(json: mutated), expecting: ceremony.expectations)
            }
        )
        #expect(tally.codes[.malformedInput, default: 0] > 300)
        #expect(tally.rejected > 400)
    }

    @Test func mutatedAuthenticationJSONVerifiesOnlyWithTheSameSignedBytes() throws {
        let original = ReadmeExampleTests.authenticationBody
        let expected = try AuthenticationResponse(json: original)
        let ceremony = try AuthenticationCeremony.noneES256()
        let tally = Self.run(
            original,
            count: 500,
            seed: 7,
            isUnchanged: { mutated in
                guard let response = try? AuthenticationResponse(json: mutated) else { return false }
                return response.credentialID == expected.credentialID
                    && response.clientDataJSON == expected.clientDataJSON
                    && response.authenticatorData == expected.authenticatorData
                    && response.signature == expected.signature
            },
            verify: { (mutated) throws(WebAuthnError) in
                _ = try AuthenticationVerifier().verify(
                    try AuthenticationResponse(json: mutated),
                    expecting: ceremony.expectations,
                    credential: ceremony.credential
                )
            }
        )
        #expect(tally.codes[.malformedInput, default: 0] > 300)
        #expect(tally.rejected > 400)
    }

    @Test func theGeneratorIsDeterministic() {
        var first = LinearCongruentialGenerator(state: 42)
        var second = LinearCongruentialGenerator(state: 42)
        let a = (0..<8).map { _ in first.next() }
        let b = (0..<8).map { _ in second.next() }
        #expect(a == b)
        #expect(Set(a).count == 8)
    }
}
