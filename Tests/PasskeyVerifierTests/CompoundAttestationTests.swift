import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import Testing

/// The `compound` format (WebAuthn Level 3 §8.9), built from the W3C vector packed-es256: its own packed
/// statement next to a `none` statement over the same authenticator data. No published vector exists.
@Suite struct CompoundAttestationTests {
    typealias Support = AttestationTestSupport

    static let invalid = WebAuthnError(.invalidAttestationStatement, "")
    static let invalidSignature = WebAuthnError(.invalidSignature, "")
    static let unsupportedFormat = WebAuthnError(.unsupportedAttestationFormat, "")

    static let attestationObject = ModelTestVectors.bytes(hex: ModelTestVectors.packedES256AttestationObject)
    static let clientDataJSON = ModelTestVectors.bytes(hex: ModelTestVectors.packedES256RegistrationClientDataJSON)

    static func packedStatement() throws -> CBORMap {
        try Support.decode(attestationObject).statement
    }

    static func tamperedPackedStatement() throws -> CBORMap {
        let statement = try packedStatement()
        var signature = try #require(statement[textKey: "sig"]?.byteStringValue)
        signature[signature.count - 1] ^= 0x01
        return Support.replacing(statement, "sig", with: .byteString(signature))
    }

    static let noneStatement = CBORMap(entries: [])

    /// One `{fmt, attStmt}` entry in CTAP2 canonical key order.
    static func entry(_ format: String, _ statement: CBORMap) -> CBORValue {
        entry(format: .textString(format), statement: .map(statement))
    }

    static func entry(format: CBORValue, statement: CBORValue) -> CBORValue {
        .map(
            CBORMap(entries: [
                CBORMap.Entry(key: .textString("fmt"), value: format),
                CBORMap.Entry(key: .textString("attStmt"), value: statement),
            ])
        )
    }

    static func formats() throws -> [any AttestationStatementFormat] {
        let root = try Support.certificate(AttestationFormatTestData.w3cRootCertificate)
        return [NoneAttestation(), PackedAttestation(trustAnchors: [root])]
    }

    static func verify(
        _ entries: [CBORValue],
        policy: CompoundAttestation.Policy = .allMustPass
    ) throws -> AttestationResult {
        let format = CompoundAttestation(formats: try formats(), policy: policy)
        return try format.verify(
            Support.input(
                .array(entries),
                authenticatorData: Support.decode(attestationObject).authenticatorData,
                clientDataJSON: clientDataJSON
            )
        )
    }

    @Test func verifiesPackedAndNoneWhenAllMustPass() throws {
        let result = try Self.verify([
            Self.entry("packed", try Self.packedStatement()), Self.entry("none", Self.noneStatement),
        ])
        #expect(result.type == .basic)
        #expect(result.trustPath.count == 1)
        #expect(result.subStatementResults.map(\.format) == ["packed", "none"])
        #expect(result.subStatementResults.map(\.index) == [0, 1])
        #expect(result.subStatementResults.first?.result?.type == .basic)
        #expect(result.subStatementResults.last?.result?.type == AttestationType.none)
        #expect(result.subStatementResults.allSatisfy { $0.error == nil })
    }

    @Test func reportsTheStrongestResultWhateverItsPosition() throws {
        let result = try Self.verify([
            Self.entry("none", Self.noneStatement), Self.entry("packed", try Self.packedStatement()),
        ])
        #expect(result.type == .basic)
        #expect(result.trustPath.count == 1)
        let noneOnly = try Self.verify([Self.entry("none", Self.noneStatement), Self.entry("none", Self.noneStatement)])
        #expect(noneOnly.type == AttestationType.none)
        #expect(noneOnly.trustPath.isEmpty)
    }

    @Test func failsOnAnyFailureWhenAllMustPass() throws {
        let entries = [
            Self.entry("packed", try Self.tamperedPackedStatement()), Self.entry("none", Self.noneStatement),
        ]
        do {
            _ = try Self.verify(entries)
            Issue.record("a compound statement with a tampered packed signature was accepted")
        } catch let error as WebAuthnError {
            #expect(error.code == .invalidSignature)
            #expect(error.message.hasPrefix("compound attStmt[0] (packed): "))
        }
    }

    @Test func passesWithOneFailureWhenAtLeastOneMustPass() throws {
        let entries = [
            Self.entry("packed", try Self.tamperedPackedStatement()), Self.entry("none", Self.noneStatement),
        ]
        let result = try Self.verify(entries, policy: .atLeast(1))
        #expect(result.type == AttestationType.none)
        #expect(result.trustPath.isEmpty)
        #expect(result.subStatementResults.first?.error?.code == .invalidSignature)
        #expect(result.subStatementResults.last?.result?.type == AttestationType.none)
        #expect(try Self.verify(entries, policy: .atLeast(0)).type == AttestationType.none)
        #expect(throws: Self.invalidSignature) { try Self.verify(entries, policy: .atLeast(2)) }
    }

    @Test func failsWhenThePolicyAsksForMoreThanThereAre() throws {
        let entries = [Self.entry("packed", try Self.packedStatement()), Self.entry("none", Self.noneStatement)]
        #expect(throws: Self.invalid) { try Self.verify(entries, policy: .atLeast(3)) }
    }

    @Test func treatsAnUnknownSubFormatAsAFailedSubStatement() throws {
        let entries = [Self.entry("packed", try Self.packedStatement()), Self.entry("x-unknown", Self.noneStatement)]
        #expect(throws: Self.unsupportedFormat) { try Self.verify(entries) }
        let result = try Self.verify(entries, policy: .atLeast(1))
        #expect(result.type == .basic)
        #expect(result.subStatementResults.last?.error?.code == .unsupportedAttestationFormat)
    }

    @Test func rejectsANestedCompoundWhateverThePolicy() throws {
        let inner = CBORValue.array([Self.entry("none", Self.noneStatement), Self.entry("none", Self.noneStatement)])
        let entries = [
            Self.entry("none", Self.noneStatement), Self.entry(format: .textString("compound"), statement: inner),
        ]
        #expect(throws: Self.invalid) { try Self.verify(entries) }
        #expect(throws: Self.invalid) { try Self.verify(entries, policy: .atLeast(1)) }
        let nestedMap = [Self.entry("none", Self.noneStatement), Self.entry("compound", Self.noneStatement)]
        #expect(throws: Self.invalid) { try Self.verify(nestedMap, policy: .atLeast(1)) }
    }

    @Test func requiresAtLeastTwoStatements() throws {
        #expect(throws: Self.invalid) { try Self.verify([]) }
        #expect(throws: Self.invalid) { try Self.verify([Self.entry("none", Self.noneStatement)], policy: .atLeast(1)) }
    }

    @Test func acceptsAtMostEightStatements() throws {
        #expect(CompoundAttestation.maximumStatementCount == 8)
        let packed = Self.entry("packed", try Self.packedStatement())
        let none = Self.entry("none", Self.noneStatement)
        let eight = [packed] + Array(repeating: none, count: 7)
        let result = try Self.verify(eight)
        #expect(result.type == .basic)
        #expect(result.subStatementResults.count == 8)
        let nine = eight + [none]
        for policy in [CompoundAttestation.Policy.allMustPass, .atLeast(1)] {
            do {
                _ = try Self.verify(nine, policy: policy)
                Issue.record("a compound statement of 9 sub-statements was accepted")
            } catch let error as WebAuthnError {
                #expect(error.code == .invalidAttestationStatement)
                #expect(error.message.contains("at most 8 statements"))
            }
        }
    }

    @Test func rejectsMalformedEntriesWhateverThePolicy() throws {
        let none = Self.entry("none", Self.noneStatement)
        let malformed: [CBORValue] = [
            .array([]),
            .textString("none"),
            .map(CBORMap(entries: [CBORMap.Entry(key: .textString("attStmt"), value: .map(Self.noneStatement))])),
            .map(CBORMap(entries: [CBORMap.Entry(key: .textString("fmt"), value: .textString("none"))])),
            Self.entry(format: .unsignedInteger(1), statement: .map(Self.noneStatement)),
            Self.entry(format: .textString("none"), statement: .array([])),
            .map(
                CBORMap(entries: [
                    CBORMap.Entry(key: .textString("fmt"), value: .textString("none")),
                    CBORMap.Entry(key: .textString("attStmt"), value: .map(Self.noneStatement)),
                    CBORMap.Entry(key: .textString("authData"), value: .byteString([])),
                ])
            ),
            .map(
                CBORMap(entries: [
                    CBORMap.Entry(key: .unsignedInteger(1), value: .textString("none")),
                    CBORMap.Entry(key: .textString("fmt"), value: .textString("none")),
                    CBORMap.Entry(key: .textString("attStmt"), value: .map(Self.noneStatement)),
                ])
            ),
        ]
        for entry in malformed {
            #expect(throws: Self.invalid) { try Self.verify([none, entry], policy: .atLeast(1)) }
        }
    }

    @Test func rejectsAStatementThatIsNotAnArray() throws {
        let format = CompoundAttestation(formats: try Self.formats())
        let input = try Support.input(
            .map(Self.noneStatement),
            authenticatorData: Support.decode(Self.attestationObject).authenticatorData,
            clientDataJSON: Self.clientDataJSON
        )
        #expect(throws: Self.invalid) { try format.verify(input) }
    }

    // MARK: - Whole ceremonies

    /// The packed-es256 attestation object with `attStmt` replaced by a compound array.
    static func compoundAttestationObject(_ entries: [CBORValue]) throws -> [UInt8] {
        let authenticatorData = try Support.decode(attestationObject).authenticatorData
        return CBOREncoder.encode(
            .map(
                CBORMap(entries: [
                    CBORMap.Entry(key: .textString("fmt"), value: .textString("compound")),
                    CBORMap.Entry(key: .textString("attStmt"), value: .array(entries)),
                    CBORMap.Entry(key: .textString("authData"), value: .byteString(authenticatorData.rawBytes)),
                ])
            )
        )
    }

    static func register(
        _ entries: [CBORValue],
        policy: CompoundAttestation.Policy = .allMustPass
    ) throws -> VerifiedRegistration {
        let root = try Support.certificate(AttestationFormatTestData.w3cRootCertificate)
        let verifier = RegistrationVerifier(
            trustAnchors: AttestationTrustAnchors.builtIn.addingForEveryFormat([root]),
            compoundPolicy: policy
        )
        let attestationObject = try compoundAttestationObject(entries)
        let authenticatorData = try Support.decode(Self.attestationObject).authenticatorData
        let credentialID = try #require(authenticatorData.attestedCredentialData?.credentialID)
        let clientData = try #require(try JSONSerialization.jsonObject(with: Data(clientDataJSON)) as? [String: Any])
        let challenge = try #require((clientData["challenge"] as? String).flatMap(Base64URL.decode))
        return try verifier.verify(
            RegistrationResponse(
                credentialID: credentialID,
                clientDataJSON: clientDataJSON,
                attestationObject: attestationObject
            ),
            expecting: RegistrationExpectations(
                relyingPartyID: "example.org",
                origins: ["https://example.org"],
                challenge: challenge,
                verificationInstant: Support.instant
            )
        )
    }

    @Test func verifiesAWholeCompoundRegistrationUnderTheDefaultCBORDepth() throws {
        let entries = [Self.entry("packed", try Self.packedStatement()), Self.entry("none", Self.noneStatement)]
        let bytes = try Self.compoundAttestationObject(entries)
        #expect(throws: CBORError(.nestingTooDeep, reason: "", offset: 0)) {
            try CBORDecoder(maximumDepth: 4).decode(bytes)
        }
        #expect(CBORDecoder.defaultMaximumDepth == 8)
        let registration = try Self.register(entries)
        #expect(registration.format == "compound")
        #expect(registration.attestationType == .basic)
        #expect(registration.trustPath.count == 1)
        #expect(registration.attestationResult.subStatementResults.map(\.format) == ["packed", "none"])
    }

    @Test func appliesTheVerifiersCompoundPolicy() throws {
        let entries = [
            Self.entry("packed", try Self.tamperedPackedStatement()), Self.entry("none", Self.noneStatement),
        ]
        #expect(throws: Self.invalidSignature) { try Self.register(entries) }
        let registration = try Self.register(entries, policy: .atLeast(1))
        #expect(registration.attestationType == AttestationType.none)
        #expect(registration.attestationResult.subStatementResults.first?.error?.code == .invalidSignature)
    }
}
