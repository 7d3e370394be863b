import Foundation
import PasskeyAppAttest
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Apple App Attest attestations and assertions: Apple's published sample, a recorded iOS 14
/// attestation and assertion, and synthetic objects that break one rule each.
@Suite struct AppAttestVerifierTests {
    typealias Recorded = AppAttestRecordedSamples
    typealias Synthetic = AppAttestTestVectors

    static let appleGuideInstant = Date(timeIntervalSince1970: 1_713_441_600)  // 2024-04-18T12:00:00Z
    static let iOS14Instant = Date(timeIntervalSince1970: 1_603_386_032)  // 2020-10-22T17:00:32Z

    static func decode(_ base64: String) throws -> [UInt8] {
        try #require(Base64URL.decode(base64))
    }

    var appleGuideVerifier: AppAttestVerifier {
        AppAttestVerifier(appID: Recorded.appleGuideAppID, environment: .production)
    }

    var iOS14Verifier: AppAttestVerifier {
        AppAttestVerifier(appID: Recorded.iOS14AppID, environment: .development)
    }

    func verifyAppleGuide(
        verifier: AppAttestVerifier? = nil,
        object: [UInt8]? = nil,
        keyID: [UInt8]? = nil,
        clientDataHash: [UInt8] = Recorded.appleGuideClientDataHash,
        at instant: Date = appleGuideInstant
    ) throws -> AppAttestKey {
        try (verifier ?? appleGuideVerifier).verifyAttestation(
            try object ?? Self.decode(Recorded.appleGuideAttestation),
            keyID: try keyID ?? Self.decode(Recorded.appleGuideKeyID),
            clientDataHash: clientDataHash,
            at: instant
        )
    }

    func verifySynthetic(_ object: [UInt8], keyID: [UInt8] = Synthetic.keyID) throws -> AppAttestKey {
        let verifier = AppAttestVerifier(
            appID: Synthetic.appID,
            environment: .development,
            trustAnchors: try Certificate.certificates(fromPEM: Synthetic.rootPEM)
        )
        return try verifier.verifyAttestation(
            object,
            keyID: keyID,
            clientDataHash: Synthetic.clientDataHash,
            at: AppAttestTestSupport.instant
        )
    }

    // MARK: - Attestation: accepted

    @Test func applesGuideSampleVerifiesInProduction() throws {
        let key = try verifyAppleGuide()
        #expect(key.keyID == (try Self.decode(Recorded.appleGuideKeyID)))
        #expect(key.environment == .production)
        #expect(key.signCount == 0)
        #expect(key.receipt.count == 3877)
        #expect(key.certificateChain.count == 2)
        #expect(key.publicKey.ellipticCurve == .p256)
        #expect(HashAlgorithm.sha256.hash(Array(key.publicKey.subjectPublicKeyInfo.suffix(65))) == key.keyID)
    }

    @Test func recordedDevelopmentAttestationVerifiesWithClientData() throws {
        let key = try iOS14Verifier.verifyAttestation(
            try Self.decode(Recorded.iOS14Attestation),
            keyID: try Self.decode(Recorded.iOS14KeyID),
            clientData: Recorded.iOS14ClientData,
            at: Self.iOS14Instant
        )
        #expect(key.environment == .development)
        #expect(key.receipt.count == 3702)
    }

    @Test func applesGuide2026SampleWithAppleDataAfterTheKeyVerifies() throws {
        let object = try Self.decode(Recorded.appleGuide2026Attestation)
        let attestation = try AppAttestAttestation(bytes: object)
        #expect(attestation.flags.contains(.extensionData) == false)
        #expect(attestation.extensions?[textKey: "apple_bundle_version_01"]?.textStringValue == "1")
        let verifier = AppAttestVerifier(appID: Recorded.appleGuide2026AppID, environment: .production)
        let key = try verifier.verifyAttestation(
            object,
            keyID: attestation.attestedCredentialData.credentialID,
            clientDataHash: Recorded.appleGuide2026ClientDataHash,
            at: Date(timeIntervalSince1970: 1_776_800_000)  // 2026-04-21T19:33:20Z
        )
        #expect(key.environment == .production)
        #expect(key.keyID == attestation.attestedCredentialData.credentialID)
    }

    @Test func syntheticAttestationVerifies() throws {
        let key = try verifySynthetic(Synthetic.validAttestation)
        let expected = try PrivateKey(ecPrivateScalar: Synthetic.credentialScalar, curve: .p256).publicKey
        #expect(key.publicKey == expected)
        #expect(key.receipt == Array("test receipt".utf8))
    }

    // MARK: - Attestation: rejected by Apple's steps

    @Test func chainOutsideItsValidityIsUntrusted() throws {
        #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try verifyAppleGuide(at: Date(timeIntervalSince1970: 1_713_700_000))
        }
    }

    @Test func chainToAnotherRootIsUntrusted() throws {
        let verifier = AppAttestVerifier(
            appID: Recorded.appleGuideAppID,
            environment: .production,
            trustAnchors: [try #require(AppleWebAuthnRootCA.certificate)]
        )
        #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try verifyAppleGuide(verifier: verifier)
        }
        let noAnchors = AppAttestVerifier(appID: Recorded.appleGuideAppID, environment: .production, trustAnchors: [])
        #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try verifyAppleGuide(verifier: noAnchors)
        }
    }

    @Test func otherClientDataHashBreaksTheNonce() throws {
        AppAttestTestSupport.expect(.invalidAttestationStatement, mentioning: "nonce") {
            _ = try verifyAppleGuide(clientDataHash: HashAlgorithm.sha256.hash(Recorded.appleGuideClientDataHash))
        }
    }

    @Test func missingNonceExtensionIsRejected() throws {
        AppAttestTestSupport.expect(.invalidAttestationStatement, mentioning: "no nonce extension") {
            _ = try verifySynthetic(Synthetic.noNonceExtensionAttestation)
        }
    }

    @Test func keyIdentifierOfAnotherKeyIsACredentialMismatch() throws {
        AppAttestTestSupport.expect(.credentialMismatch, mentioning: "key identifier") {
            _ = try verifyAppleGuide(keyID: HashAlgorithm.sha256.hash([1, 2, 3]))
        }
        #expect(throws: WebAuthnError(.malformedInput, "")) {
            try verifyAppleGuide(keyID: [1, 2, 3])
        }
    }

    @Test func otherAppIDIsAnRPIDMismatch() throws {
        let verifier = AppAttestVerifier(appID: "0352187391.com.apple.other_app", environment: .production)
        #expect(throws: WebAuthnError(.rpIdMismatch, "")) {
            try verifyAppleGuide(verifier: verifier)
        }
    }

    @Test func nonZeroCounterIsRejected() throws {
        AppAttestTestSupport.expect(.invalidAttestationStatement, mentioning: "counter is 1") {
            _ = try verifySynthetic(Synthetic.counterOneAttestation)
        }
    }

    @Test func otherEnvironmentIsRejected() throws {
        let verifier = AppAttestVerifier(appID: Recorded.appleGuideAppID, environment: .development)
        AppAttestTestSupport.expect(.invalidAttestationStatement, mentioning: "AAGUID") {
            _ = try verifyAppleGuide(verifier: verifier)
        }
        let production = AppAttestVerifier(appID: Recorded.iOS14AppID, environment: .production)
        AppAttestTestSupport.expect(
            .invalidAttestationStatement, mentioning: "\"appattestdevelop\" is not the production"
        ) {
            _ = try production.verifyAttestation(
                try Self.decode(Recorded.iOS14Attestation),
                keyID: try Self.decode(Recorded.iOS14KeyID),
                clientData: Recorded.iOS14ClientData,
                at: Self.iOS14Instant
            )
        }
    }

    @Test func credentialIDOtherThanTheKeyIdentifierIsACredentialMismatch() throws {
        AppAttestTestSupport.expect(.credentialMismatch, mentioning: "credential ID") {
            _ = try verifySynthetic(Synthetic.wrongCredentialIDAttestation)
        }
    }

    @Test func credentialPublicKeyOtherThanTheCertificateKeyIsRejected() throws {
        AppAttestTestSupport.expect(.invalidAttestationStatement, mentioning: "credential public key") {
            _ = try verifySynthetic(Synthetic.otherCOSEKeyAttestation)
        }
    }

    // MARK: - Attestation: rejected for its shape

    @Test func statementMembersAreChecked() throws {
        AppAttestTestSupport.expect(.invalidAttestationStatement, mentioning: "unexpected member") {
            _ = try verifySynthetic(Synthetic.extraStatementMemberAttestation)
        }
        AppAttestTestSupport.expect(.invalidAttestationStatement, mentioning: "\"receipt\"") {
            _ = try verifySynthetic(Synthetic.noReceiptAttestation)
        }
    }

    @Test func dataAfterTheCredentialKeyMustBeOneMap() throws {
        #expect(try verifySynthetic(Synthetic.appleDataMapAttestation).signCount == 0)
        AppAttestTestSupport.expect(.malformedAuthenticatorData, mentioning: "not a CBOR map") {
            _ = try verifySynthetic(Synthetic.trailingIntegerAttestation)
        }
        AppAttestTestSupport.expect(.malformedAuthenticatorData, mentioning: "trailing bytes") {
            _ = try verifySynthetic(Synthetic.trailingBytesAfterMapAttestation)
        }
        #expect(throws: WebAuthnError(.missingAttestedCredentialData, "")) {
            try verifySynthetic(Synthetic.attestedCredentialDataFlagClearAttestation)
        }
    }

    @Test func otherFormatIsUnsupported() throws {
        #expect(throws: WebAuthnError(.unsupportedAttestationFormat, "")) {
            try verifySynthetic(Synthetic.packedFormatAttestation)
        }
    }

    @Test func malformedObjectsAreRejected() throws {
        let valid = Synthetic.validAttestation
        #expect(throws: WebAuthnError(.malformedCBOR, "")) {
            try verifySynthetic(Array(valid.dropLast()))
        }
        #expect(throws: WebAuthnError(.malformedCBOR, "")) {
            try verifySynthetic(valid + [0])
        }
        #expect(throws: WebAuthnError(.malformedInput, "")) {
            try verifySynthetic(CBOREncoder.encode(.array([])))
        }
        #expect(throws: WebAuthnError(.malformedCBOR, "")) {
            try verifySynthetic([])
        }
    }

    // MARK: - Assertion

    func iOS14Key() throws -> AppAttestKey {
        try iOS14Verifier.verifyAttestation(
            try Self.decode(Recorded.iOS14Attestation),
            keyID: try Self.decode(Recorded.iOS14KeyID),
            clientData: Recorded.iOS14ClientData,
            at: Self.iOS14Instant
        )
    }

    @Test func recordedAssertionVerifiesAndReturnsItsCounter() throws {
        let key = try iOS14Key()
        let counter = try iOS14Verifier.verifyAssertion(
            try Self.decode(Recorded.iOS14Assertion),
            clientData: Recorded.iOS14ClientData,
            key: key.publicKey,
            storedCounter: key.signCount
        )
        #expect(counter == 1)
        let stored = try PublicKey(subjectPublicKeyInfo: key.publicKey.subjectPublicKeyInfo)
        let again = try iOS14Verifier.verifyAssertion(
            try Self.decode(Recorded.iOS14Assertion),
            clientDataHash: HashAlgorithm.sha256.hash(Recorded.iOS14ClientData),
            key: stored,
            storedCounter: 0
        )
        #expect(again == 1)
    }

    @Test func replayedAssertionIsACounterRegression() throws {
        let key = try iOS14Key()
        #expect(throws: WebAuthnError(.signCountRegression, "")) {
            try iOS14Verifier.verifyAssertion(
                try Self.decode(Recorded.iOS14Assertion),
                clientData: Recorded.iOS14ClientData,
                key: key.publicKey,
                storedCounter: 1
            )
        }
    }

    @Test func assertionOverOtherClientDataIsInvalid() throws {
        let key = try iOS14Key()
        #expect(throws: WebAuthnError(.invalidSignature, "")) {
            try iOS14Verifier.verifyAssertion(
                try Self.decode(Recorded.iOS14Assertion),
                clientData: Array("fporfplezruw".utf8),
                key: key.publicKey,
                storedCounter: 0
            )
        }
    }

    @Test func assertionForAnotherAppIsAnRPIDMismatch() throws {
        let key = try iOS14Key()
        let other = AppAttestVerifier(appID: "6MURL8TA57.de.example.other", environment: .development)
        #expect(throws: WebAuthnError(.rpIdMismatch, "")) {
            try other.verifyAssertion(
                try Self.decode(Recorded.iOS14Assertion),
                clientData: Recorded.iOS14ClientData,
                key: key.publicKey,
                storedCounter: 0
            )
        }
    }

    /// An assertion `{signature, authenticatorData}` signed over the nonce with `key`.
    func assertion(
        key: PrivateKey,
        authenticatorData: [UInt8],
        clientData: [UInt8],
        extra: [(String, CBORValue)] = []
    ) throws -> [UInt8] {
        let nonce = HashAlgorithm.sha256.hash(authenticatorData + HashAlgorithm.sha256.hash(clientData))
        let signature = try key.sign(nonce)
        let entries =
            [("signature", CBORValue.byteString(signature)), ("authenticatorData", .byteString(authenticatorData))]
            + extra
        return CBOREncoder.encode(
            .map(CBORMap(entries: entries.map { CBORMap.Entry(key: .textString($0.0), value: $0.1) })))
    }

    @Test func generatedAssertionsFollowTheRules() throws {
        let key = try PrivateKey(ecPrivateScalar: Synthetic.credentialScalar, curve: .p256)
        let verifier = AppAttestVerifier(appID: Synthetic.appID, environment: .development)
        let appIDHash = HashAlgorithm.sha256.hash(Array(Synthetic.appID.utf8))
        let clientData = Array("request body".utf8)
        let authenticatorData = appIDHash + [0x40, 0, 0, 0, 7]
        let valid = try assertion(key: key, authenticatorData: authenticatorData, clientData: clientData)
        #expect(try verifier.verifyAssertion(valid, clientData: clientData, key: key.publicKey, storedCounter: 6) == 7)
        #expect(throws: WebAuthnError(.signCountRegression, "")) {
            try verifier.verifyAssertion(valid, clientData: clientData, key: key.publicKey, storedCounter: 7)
        }
        let long = try assertion(key: key, authenticatorData: authenticatorData + [0xA0], clientData: clientData)
        #expect(throws: WebAuthnError(.malformedAuthenticatorData, "")) {
            try verifier.verifyAssertion(long, clientData: clientData, key: key.publicKey, storedCounter: 0)
        }
        let short = try assertion(
            key: key, authenticatorData: Array(authenticatorData.prefix(36)), clientData: clientData)
        #expect(throws: WebAuthnError(.malformedAuthenticatorData, "")) {
            try verifier.verifyAssertion(short, clientData: clientData, key: key.publicKey, storedCounter: 0)
        }
        let extra = try assertion(
            key: key,
            authenticatorData: authenticatorData,
            clientData: clientData,
            extra: [("x", .null)]
        )
        #expect(throws: WebAuthnError(.malformedInput, "")) {
            try verifier.verifyAssertion(extra, clientData: clientData, key: key.publicKey, storedCounter: 0)
        }
        #expect(throws: WebAuthnError(.malformedCBOR, "")) {
            try verifier.verifyAssertion(
                Array(valid.dropLast()), clientData: clientData, key: key.publicKey, storedCounter: 0)
        }
        #expect(throws: WebAuthnError(.malformedInput, "")) {
            try verifier.verifyAssertion(
                CBOREncoder.encode(.array([])), clientData: clientData, key: key.publicKey, storedCounter: 0)
        }
        let p384 = try PrivateKey.generate(.es384)
        #expect(throws: WebAuthnError(.invalidPublicKey, "")) {
            try verifier.verifyAssertion(valid, clientData: clientData, key: p384.publicKey, storedCounter: 0)
        }
        let otherKey = try PrivateKey.generate(.es256)
        #expect(throws: WebAuthnError(.invalidSignature, "")) {
            try verifier.verifyAssertion(valid, clientData: clientData, key: otherKey.publicKey, storedCounter: 0)
        }
    }

    // MARK: - Root and environment

    @Test func builtInRootIsApplesAppAttestationRoot() throws {
        let root = try #require(AppleAppAttestationRootCA.certificate)
        #expect(
            HashAlgorithm.sha256.hash(root.derEncoded).map { String(format: "%02x", $0) }.joined()
                == "1cb9823ba28ba6ad2d33a006941de2ae4f513ef1d4e831b9f7e0fa7b6242c932"
        )
        #expect(
            root.subject.values(forOID: DistinguishedName.Attribute.commonNameOID) == ["Apple App Attestation Root CA"])
    }

    @Test func environmentsHaveApplesAAGUIDs() {
        #expect(AppAttestEnvironment.development.aaguid == Array("appattestdevelop".utf8))
        #expect(AppAttestEnvironment.production.aaguid == Array("appattest".utf8) + [0, 0, 0, 0, 0, 0, 0])
    }

    @Test func registrationVerifierDoesNotAcceptAppAttest() {
        #expect(!RegistrationVerifier().supportedFormats.contains(AppAttestAttestation.format))
    }
}

/// Truncated and bit-flipped App Attest objects: every truncation is rejected, and no mutation traps.
@Suite struct AppAttestMutationTests {
    typealias Synthetic = AppAttestTestVectors

    let verifier: AppAttestVerifier

    init() throws {
        verifier = AppAttestVerifier(
            appID: Synthetic.appID,
            environment: .development,
            trustAnchors: try Certificate.certificates(fromPEM: Synthetic.rootPEM)
        )
    }

    func verify(_ object: [UInt8]) throws -> AppAttestKey {
        try verifier.verifyAttestation(
            object,
            keyID: Synthetic.keyID,
            clientDataHash: Synthetic.clientDataHash,
            at: AppAttestTestSupport.instant
        )
    }

    @Test func everyTruncatedAttestationIsRejected() {
        let object = Synthetic.validAttestation
        var outcomes = MutationOutcomes()
        for length in stride(from: 0, to: object.count, by: 7) {
            outcomes.record("prefix \(length)") { _ = try verify(Array(object.prefix(length))) }
        }
        #expect(outcomes.problems(rejectedWith: [.malformedCBOR]) == [])
    }

    @Test func flippedBytesOutsideTheReceiptAreRejected() throws {
        let object = Synthetic.validAttestation
        let receipt = Array("test receipt".utf8)
        let receiptStart = try #require(
            (0...(object.count - receipt.count)).first { Array(object[$0..<($0 + receipt.count)]) == receipt }
        )
        var outcomes = MutationOutcomes()
        for index in stride(from: 0, to: object.count, by: 5)
        where !(receiptStart..<(receiptStart + receipt.count)).contains(index) {
            var mutated = object
            mutated[index] ^= 0x01
            outcomes.record("byte \(index)") { _ = try verify(mutated) }
        }
        // A flipped bit breaks the CBOR, the statement's structure or values, the certificates (or their
        // chain), or the credential key they carry; the receipt is the one member nothing verifies.
        #expect(
            outcomes.problems(rejectedWith: [
                .malformedCBOR, .malformedInput, .unsupportedAttestationFormat, .invalidAttestationStatement,
                .invalidPublicKey, .untrustedAttestation,
            ]) == [])
    }

    @Test func everyTruncatedAssertionIsRejected() throws {
        let key = try PrivateKey(ecPrivateScalar: Synthetic.credentialScalar, curve: .p256)
        let authenticatorData = HashAlgorithm.sha256.hash(Array(Synthetic.appID.utf8)) + [0x40, 0, 0, 0, 1]
        let nonce = HashAlgorithm.sha256.hash(authenticatorData + HashAlgorithm.sha256.hash([1, 2, 3]))
        let assertion = CBOREncoder.encode(
            .map(
                CBORMap(entries: [
                    CBORMap.Entry(key: .textString("signature"), value: .byteString(try key.sign(nonce))),
                    CBORMap.Entry(key: .textString("authenticatorData"), value: .byteString(authenticatorData)),
                ])
            )
        )
        #expect(
            try verifier.verifyAssertion(assertion, clientData: [1, 2, 3], key: key.publicKey, storedCounter: 0) == 1)
        var outcomes = MutationOutcomes()
        for length in 0..<assertion.count {
            outcomes.record("prefix \(length)") {
                _ = try verifier.verifyAssertion(
                    Array(assertion.prefix(length)),
                    clientData: [1, 2, 3],
                    key: key.publicKey,
                    storedCounter: 0
                )
            }
        }
        #expect(outcomes.problems(rejectedWith: [.malformedCBOR]) == [])
    }
}
