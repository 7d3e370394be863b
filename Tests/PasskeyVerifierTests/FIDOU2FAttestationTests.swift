import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The `fido-u2f` format (WebAuthn Level 3 §8.6) against the W3C vector fido-u2f-es256, statements re-signed
/// with the vector's attestation key, generated certificates, and the Yubico recordings (including the
/// repaired "Yubico U2F EE Serial 13831167861" certificate).
@Suite struct FIDOU2FAttestationTests {
    typealias Support = AttestationTestSupport
    typealias Vectors = AttestationFormatTestData

    static let invalid = WebAuthnError(.invalidAttestationStatement, "")
    static let invalidSignature = WebAuthnError(.invalidSignature, "")
    static let untrusted = WebAuthnError(.untrustedAttestation, "")

    static let clientDataJSON = Support.bytes(Vectors.fidoU2FClientDataJSON)

    static func vector() throws -> (statement: CBORMap, authenticatorData: AuthenticatorData) {
        try Support.decode(Support.bytes(Vectors.fidoU2FAttestationObject))
    }

    static func verify(
        _ statement: CBORMap,
        anchors: [Certificate]? = nil,
        authenticatorData: AuthenticatorData? = nil
    ) throws -> AttestationResult {
        let data = try authenticatorData ?? vector().authenticatorData
        let format = FIDOU2FAttestation(trustAnchors: try anchors ?? [Support.certificate(Vectors.w3cRootCertificate)])
        return try format.verify(
            Support.input(.map(statement), authenticatorData: data, clientDataJSON: clientDataJSON))
    }

    static func replacing(_ name: String, with value: CBORValue?) throws -> CBORMap {
        Support.replacing(try vector().statement, name, with: value)
    }

    /// `0x00 || rpIdHash || clientDataHash || credentialId || 0x04 || x || y` for `authenticatorData`.
    static func verificationData(_ authenticatorData: AuthenticatorData) throws -> [UInt8] {
        let attested = try #require(authenticatorData.attestedCredentialData)
        let key = attested.credentialPublicKey
        let x = try #require(key.xCoordinate)
        let y = try #require(key.yCoordinate)
        return [0x00] + authenticatorData.relyingPartyIDHash + HashAlgorithm.sha256.hash(clientDataJSON)
            + attested.credentialID + [0x04] + x + y
    }

    /// A signature over `message` with the vector's attestation key.
    static func signed(_ message: [UInt8]) throws -> CBORValue {
        let key = try PrivateKey(ecPrivateScalar: Support.bytes(Vectors.fidoU2FAttestationPrivateKey), curve: .p256)
        return .byteString(try key.sign(message))
    }

    @Test func verifiesTheW3CVector() throws {
        let result = try Self.verify(try Self.vector().statement)
        #expect(result.type == .basic)
        #expect(result.trustPath.count == 1)
        #expect(result.tpmManufacturer == nil)
    }

    /// The AAGUID is outside the signed data and not required to be zero: the W3C vector's is not, while the
    /// recorded U2F devices report zeros. Requiring zeros would reject the W3C vector.
    @Test func acceptsTheW3CVectorsNonZeroAAGUIDWhichIsNotSigned() throws {
        let vector = try Self.vector()
        let aaguid = try #require(vector.authenticatorData.attestedCredentialData?.aaguid)
        #expect(aaguid.uuidString == "afb3c2ef-c054-df42-5013-d5c88e79c3c1")
        #expect(try Self.verify(vector.statement).type == .basic)
        let devices = ["SecurityKey", "SecurityKeyNfc", "YubiKey4", "YubiKeyNeo", "YubiKey5cNfc"]
        for device in devices + ["YubiKey5NfcPost5cNfc"] {
            let recorded = try Support.registration("real-devices/\(device).registration.json")
            let decoded = try Support.decode(recorded.attestationObject)
            #expect(decoded.authenticatorData.attestedCredentialData?.aaguid.isZero == true, "\(device)")
        }
    }

    @Test func failsWithoutATrustAnchor() throws {
        #expect(throws: Self.untrusted) { try Self.verify(try Self.vector().statement, anchors: []) }
        let builtIn = AttestationTrustAnchors.builtIn.anchors(forFormat: "fido-u2f")
        #expect(builtIn.isEmpty)
    }

    @Test func verifiesASignatureOverTheU2FRegistrationData() throws {
        let data = try Self.vector().authenticatorData
        let statement = try Self.replacing("sig", with: try Self.signed(try Self.verificationData(data)))
        #expect(try Self.verify(statement).type == .basic)
    }

    @Test func rejectsASignatureOverAnythingElse() throws {
        let data = try Self.vector().authenticatorData
        let clientDataHash = HashAlgorithm.sha256.hash(Self.clientDataJSON)
        let wrongMessages: [[UInt8]] = [
            data.rawBytes + clientDataHash,  // what packed signs
            Array(try Self.verificationData(data).dropFirst()),  // no leading 0x00
            try Self.verificationData(data) + [0],
        ]
        for message in wrongMessages {
            let statement = try Self.replacing("sig", with: try Self.signed(message))
            #expect(throws: Self.invalidSignature) { try Self.verify(statement) }
        }
        var tampered = try #require(try Self.vector().statement[textKey: "sig"]?.byteStringValue)
        tampered[tampered.count - 1] ^= 0x01
        #expect(throws: Self.invalidSignature) {
            try Self.verify(try Self.replacing("sig", with: .byteString(tampered)))
        }
    }

    @Test func rejectsUnknownMembers() throws {
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("alg", with: CBORValue(integer: -7))) }
    }

    @Test func requiresSigAndX5c() throws {
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("sig", with: nil)) }
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("sig", with: .textString("sig"))) }
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("x5c", with: nil)) }
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("x5c", with: .byteString([0x30]))) }
    }

    @Test func requiresExactlyOneCertificate() throws {
        let leaf = try #require(try Self.vector().statement[textKey: "x5c"]?.arrayValue?.first)
        let root = CBORValue.byteString(Support.bytes(Vectors.w3cRootCertificate))
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("x5c", with: .array([]))) }
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("x5c", with: .array([leaf, root]))) }
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("x5c", with: .array([.textString("x")]))) }
        #expect(throws: Self.invalid) {
            try Self.verify(try Self.replacing("x5c", with: .array([.byteString([0x30, 0x00])])))
        }
    }

    @Test func requiresAP256AttestationKey() throws {
        let statement = try Self.replacing("x5c", with: .array([.byteString(Support.bytes(Vectors.u2fP384))]))
        do {
            _ = try Self.verify(statement, anchors: [try Support.certificate(Vectors.testCACertificate)])
            Issue.record("a P-384 U2F attestation certificate was accepted")
        } catch let error as WebAuthnError {
            #expect(error.code == .invalidAttestationStatement)
            #expect(error.message.contains("P-256"))
        }
    }

    @Test(arguments: [COSEAlgorithm.es384, .es512, .edDSA, .rs256])
    func requiresAP256CredentialKey(_ algorithm: COSEAlgorithm) throws {
        let vector = try Self.vector()
        let key = try PrivateKey.generate(algorithm).coseKey
        let data = try Support.replacingCredentialKey(of: vector.authenticatorData, with: key)
        #expect(throws: Self.invalid) { try Self.verify(vector.statement, authenticatorData: data) }
    }

    @Test func ignoresThePackedSubjectRules() throws {
        let certificate = try Support.certificate(Vectors.u2fCommonNameOnly)
        #expect(certificate.subject.values(forOID: "2.5.4.11").isEmpty)
        let statement = try Self.replacing("x5c", with: .array([.byteString(certificate.derEncoded)]))
        let result = try Self.verify(statement, anchors: [try Support.certificate(Vectors.testCACertificate)])
        #expect(result.trustPath == [certificate])
    }

    @Test func failsForEveryChangedByteOfTheCertificate() throws {
        let (statement, authenticatorData) = try Self.vector()
        let certificate = try #require(statement[textKey: "x5c"]?.arrayValue?.first?.byteStringValue)
        let format = FIDOU2FAttestation(trustAnchors: [try Support.certificate(Vectors.w3cRootCertificate)])
        var outcomes = MutationOutcomes()
        for index in certificate.indices {
            var changed = certificate
            changed[index] ^= 0x01
            let mutated = Support.replacing(statement, "x5c", with: .array([.byteString(changed)]))
            let input = try Support.input(
                .map(mutated), authenticatorData: authenticatorData, clientDataJSON: Self.clientDataJSON)
            outcomes.record("x5c[0][\(index)]") { _ = try format.verify(input) }
        }
        // An unreadable certificate is a malformed statement; a readable one whose bytes changed no longer
        // chains to the anchor (its signature covers every byte).
        #expect(outcomes.problems(rejectedWith: [.invalidAttestationStatement, .untrustedAttestation]) == [])
    }

    // MARK: - The misencoded early Yubico certificates

    static func securityKeyCertificate() throws -> [UInt8] {
        let recorded = try Support.registration("real-devices/SecurityKey.registration.json")
        let statement = try Support.decode(recorded.attestationObject).statement
        return try #require(statement[textKey: "x5c"]?.arrayValue?.first?.byteStringValue)
    }

    @Test func repairsOnlyTheUnusedBitsOctetOfAKnownCertificate() throws {
        let original = try Self.securityKeyCertificate()
        let repaired = FIDOU2FAttestation.repairedCertificate(original)
        let index = original.count - 257
        #expect(original[index] == 0x02)
        #expect(repaired[index] == 0x00)
        #expect(Array(repaired[..<index]) == Array(original[..<index]))
        #expect(Array(repaired[(index + 1)...]) == Array(original[(index + 1)...]))
        #expect(FIDOU2FAttestation.repairedCertificate(repaired) == repaired)
    }

    @Test func leavesEveryOtherCertificateAlone() throws {
        var changed = try Self.securityKeyCertificate()
        changed[40] ^= 0x01
        #expect(FIDOU2FAttestation.repairedCertificate(changed) == changed)
        let w3c = Support.bytes(Vectors.w3cRootCertificate)
        #expect(FIDOU2FAttestation.repairedCertificate(w3c) == w3c)
        for short in [[], [0x30], [UInt8](repeating: 0, count: 260)] as [[UInt8]] {
            #expect(FIDOU2FAttestation.repairedCertificate(short) == short)
        }
    }

    @Test func verifiesTheRepairedSecurityKeyAgainstTheYubicoRoot() throws {
        let recorded = try Support.registration("real-devices/SecurityKey.registration.json")
        let decoded = try Support.decode(recorded.attestationObject)
        let input = try Support.input(
            .map(decoded.statement),
            authenticatorData: decoded.authenticatorData,
            clientDataJSON: recorded.clientDataJSON,
            at: Support.realDeviceInstant
        )
        let root = try Support.fixtureCertificates("trust-anchors/yubico-u2f-root-ca-457200631.pem")
        let result = try FIDOU2FAttestation(trustAnchors: root).verify(input)
        #expect(result.type == .basic)
        #expect(
            result.trustPath.first?.derEncoded
                == FIDOU2FAttestation.repairedCertificate(try Self.securityKeyCertificate()))
        #expect(throws: Self.untrusted) { try FIDOU2FAttestation(trustAnchors: []).verify(input) }
    }

    @Test func isAmongTheDefaultFormats() {
        let supported = Set(RegistrationVerifier().supportedFormats)
        #expect(supported.isSuperset(of: ["apple", "compound", "fido-u2f", "none", "packed", "tpm"]))
    }
}
