import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every ``CertificateDefect`` the test kit's authorities can issue, with the `WebAuthnError` code the library
/// answers it with when the generated root is the trust anchor (WebAuthn Level 3 §7.1
/// `#reg-ceremony-verify-attestation` … `#reg-ceremony-assess-trust`; §8.2.1, §8.3.1, §8.4, §8.6), or `nil` where
/// the library accepts it.
@Suite struct VirtualAttestationDefectTests {
    /// A format, a defect, and what the library does with a registration carrying it.
    struct Case: Sendable, CustomTestStringConvertible {
        let format: String
        let defect: CertificateDefect
        let expected: WebAuthnError.Code?

        /// Words the error message holds, naming the defect rather than some other failure.
        var reason: String? {
            switch defect {
            case .expiredLeaf, .expiredIntermediate: return "certificate has expired"
            case .notYetValidLeaf, .notYetValidIntermediate: return "certificate is not yet valid"
            case .reversedChainOrder: return "does not verify"
            case .leafOnWrongCurve: return format == "fido-u2f" ? "P-256" : "does not fit"
            case .mismatchedAAGUIDExtension: return "certifies AAGUID"
            case .certificateAuthorityLeaf: return "is a CA certificate"
            case .wrongOrganizationalUnit: return "subject OU must be"
            case .missingAAGUIDExtension: return nil
            }
        }

        var testDescription: String { "\(format) \(defect) → \(expected.map { "\($0)" } ?? "accepted")" }

        func attestation() throws -> VirtualAttestation {
            switch format {
            case "packed": return try .packed(defects: [defect])
            case "tpm": return try .tpm(algorithm: .es256, issuesThroughIntermediate: false, defects: [defect])
            case "fido-u2f": return try .fidoU2F(defects: [defect])
            case "android-safetynet":
                return try .androidSafetyNet(
                    issuesThroughIntermediate: false, defects: [defect], clock: { VirtualTestSupport.instant })
            default: return try .androidKey(issuesThroughIntermediate: false, defects: [defect])
            }
        }
    }

    static let untrusted = WebAuthnError.Code.untrustedAttestation
    static let invalidStatement = WebAuthnError.Code.invalidAttestationStatement
    static let invalidSignature = WebAuthnError.Code.invalidSignature

    static let cases: [Case] =
        ["packed", "tpm"].flatMap { format in
            [
                Case(format: format, defect: .expiredLeaf, expected: untrusted),
                Case(format: format, defect: .notYetValidLeaf, expected: untrusted),
                Case(format: format, defect: .expiredIntermediate, expected: untrusted),
                Case(format: format, defect: .notYetValidIntermediate, expected: untrusted),
                Case(format: format, defect: .reversedChainOrder, expected: invalidSignature),
                Case(format: format, defect: .leafOnWrongCurve, expected: invalidStatement),
                Case(format: format, defect: .missingAAGUIDExtension, expected: nil),
                Case(format: format, defect: .mismatchedAAGUIDExtension, expected: invalidStatement),
                Case(format: format, defect: .certificateAuthorityLeaf, expected: invalidStatement),
            ]
        } + [
            Case(format: "packed", defect: .wrongOrganizationalUnit, expected: invalidStatement),
            Case(format: "fido-u2f", defect: .expiredLeaf, expected: untrusted),
            Case(format: "fido-u2f", defect: .notYetValidLeaf, expected: untrusted),
            Case(format: "fido-u2f", defect: .leafOnWrongCurve, expected: invalidStatement),
            Case(format: "fido-u2f", defect: .certificateAuthorityLeaf, expected: nil),
            Case(format: "android-key", defect: .expiredLeaf, expected: untrusted),
            Case(format: "android-key", defect: .notYetValidLeaf, expected: untrusted),
            Case(format: "android-key", defect: .expiredIntermediate, expected: untrusted),
            Case(format: "android-key", defect: .notYetValidIntermediate, expected: untrusted),
            Case(format: "android-key", defect: .reversedChainOrder, expected: invalidSignature),
            Case(format: "android-key", defect: .certificateAuthorityLeaf, expected: nil),
            Case(format: "android-safetynet", defect: .expiredLeaf, expected: untrusted),
            Case(format: "android-safetynet", defect: .notYetValidLeaf, expected: untrusted),
            Case(format: "android-safetynet", defect: .expiredIntermediate, expected: untrusted),
            Case(format: "android-safetynet", defect: .notYetValidIntermediate, expected: untrusted),
            Case(format: "android-safetynet", defect: .reversedChainOrder, expected: invalidSignature),
            Case(format: "android-safetynet", defect: .certificateAuthorityLeaf, expected: nil),
        ]

    @Test(arguments: cases)
    func theLibraryAnswersTheDefectWithItsCode(_ testCase: Case) throws {
        let attestation = try testCase.attestation()
        #expect(attestation.defects == [testCase.defect])
        #expect(attestation.format == testCase.format)
        var authenticator = VirtualAuthenticator(
            relyingPartyID: VirtualTestSupport.relyingPartyID,
            attestation: attestation,
            aaguid: testCase.format == "fido-u2f" ? .zero : VirtualTestSupport.aaguid
        )
        let registration = try authenticator.register(
            challenge: VirtualTestSupport.registrationChallenge, userHandle: nil)
        let verifier = RegistrationVerifier(trustAnchors: attestation.trustAnchors)
        var failure: WebAuthnError?
        do {
            _ = try verifier.verify(
                RegistrationResponse(json: registration.jsonBytes),
                expecting: VirtualTestSupport.registrationExpectations())
        } catch {
            failure = error
        }
        #expect(failure?.code == testCase.expected)
        if testCase.expected != nil, let reason = testCase.reason {
            #expect(failure?.message.contains(reason) == true, "\(failure?.message ?? "no error")")
        }
    }

    @Test func intermediateDefectsIssueThroughAnIntermediateAndReverseX5C() throws {
        let reversed = try VirtualAttestation.packed(defects: [.reversedChainOrder])
        let intermediate = try #require(reversed.intermediateCertificate)
        var authenticator = VirtualAuthenticator(attestation: reversed, aaguid: VirtualTestSupport.aaguid)
        let registration = try authenticator.register(challenge: [1], userHandle: nil)
        let object = try PasskeyCBOR.CBORDecoder().decode(registration.attestationObject)
        let x5c = try #require(object.mapValue?[textKey: "attStmt"]?.mapValue?[textKey: "x5c"]?.arrayValue)
        #expect(x5c.count == 2)
        #expect(x5c.first?.byteStringValue == intermediate.derEncoded)

        let expired = try VirtualAttestation.androidKey(
            issuesThroughIntermediate: false, defects: [.expiredIntermediate])
        let expiredIntermediate = try #require(expired.intermediateCertificate)
        #expect(expiredIntermediate.notValidBefore == VirtualAttestation.defaultNotValidBefore)
        #expect(
            expiredIntermediate.notValidAfter == VirtualAttestation.defaultNotValidBefore.addingTimeInterval(86_400))
    }

    @Test func aWrongCurveLeafOfATPMWithAnRSAAIKIsAnECKey() throws {
        let attestation = try VirtualAttestation.tpm(issuesThroughIntermediate: false, defects: [.leafOnWrongCurve])
        var authenticator = VirtualAuthenticator(attestation: attestation, aaguid: VirtualTestSupport.aaguid)
        let registration = try authenticator.register(
            challenge: VirtualTestSupport.registrationChallenge, userHandle: nil)
        let code = VirtualTestSupport.code {
            _ = try RegistrationVerifier(trustAnchors: attestation.trustAnchors).verify(
                RegistrationResponse(json: registration.jsonBytes),
                expecting: VirtualTestSupport.registrationExpectations())
        }
        #expect(code == .invalidAttestationStatement)
    }

    @Test func defectsThatDoNotApplyToAFormatAreRefused() {
        for defect in [CertificateDefect.reversedChainOrder, .expiredIntermediate, .missingAAGUIDExtension] {
            #expect(throws: VirtualAuthenticatorError(.invalidParameter, "")) {
                try VirtualAttestation.fidoU2F(defects: [defect])
            }
        }
        for defect in [CertificateDefect.leafOnWrongCurve, .mismatchedAAGUIDExtension, .wrongOrganizationalUnit] {
            #expect(throws: VirtualAuthenticatorError(.invalidParameter, "")) {
                try VirtualAttestation.androidKey(defects: [defect])
            }
        }
        #expect(throws: VirtualAuthenticatorError(.invalidParameter, "")) {
            try VirtualAttestation.tpm(algorithm: .es256, defects: [.wrongOrganizationalUnit])
        }
        for defect in [CertificateDefect.leafOnWrongCurve, .missingAAGUIDExtension, .wrongOrganizationalUnit] {
            #expect(throws: VirtualAuthenticatorError(.invalidParameter, "")) {
                try VirtualAttestation.androidSafetyNet(defects: [defect])
            }
        }
    }
}
