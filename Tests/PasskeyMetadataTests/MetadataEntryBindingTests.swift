import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Whether an attestation is tied to the metadata entry it is matched to (Docs/Decisions.md "Which entry",
/// "Trust anchors from metadata"; WebAuthn Level 3 §8.2.1, §8.6, §8.9): a `fido-u2f` statement, also inside
/// `compound`, is looked up by its key identifier; a `packed` certificate without the AAGUID extension lends
/// the AAGUID's entry neither roots nor certification.
@Suite struct MetadataEntryBindingTests {
    typealias Support = MetadataTestSupport

    /// The WebAuthn Level 3 test vector "FIDO U2F Attestation with ES256 Credential".
    static let u2fFixture = "w3c/fido-u2f-es256.registration.json"

    /// The root of the `fido-u2f` test vector's attestation certificate: the W3C test vectors' CA.
    static func u2fRoot() throws -> Certificate {
        let pem = try #require(try Support.recordedRegistration(u2fFixture).ceremony.trustAnchors?.first)
        return try #require(try Certificate.certificates(fromPEM: pem).first)
    }

    /// The recorded `fido-u2f` registration with the AAGUID in its authenticator data replaced by `aaguid`
    /// (outside the U2F signature), as a plain `fido-u2f` statement or wrapped in `compound[fido-u2f, none]`.
    static func u2fRegistration(
        wrappedInCompound: Bool,
        aaguid: AAGUID
    ) throws -> (RegistrationResponse, RegistrationExpectations) {
        let recorded = try Support.recordedRegistration(Self.u2fFixture)
        let object = recorded.response.attestationObject
        let clientDataJSON = recorded.response.clientDataJSON
        let map = try #require(try CBORDecoder().decode(object).mapValue)
        var entries: [CBORMap.Entry] = []
        for entry in map.entries {
            switch entry.key {
            case .textString("fmt"):
                entries.append(
                    CBORMap.Entry(key: entry.key, value: .textString(wrappedInCompound ? "compound" : "fido-u2f")))
            case .textString("attStmt") where wrappedInCompound:
                let u2f = CBORMap(entries: [
                    CBORMap.Entry(key: .textString("fmt"), value: .textString("fido-u2f")),
                    CBORMap.Entry(key: .textString("attStmt"), value: entry.value),
                ])
                let none = CBORMap(entries: [
                    CBORMap.Entry(key: .textString("fmt"), value: .textString("none")),
                    CBORMap.Entry(key: .textString("attStmt"), value: .map(CBORMap(entries: []))),
                ])
                entries.append(CBORMap.Entry(key: entry.key, value: .array([.map(u2f), .map(none)])))
            case .textString("authData"):
                var data = try #require(entry.value.byteStringValue)
                try #require(data.count >= 53)
                data.replaceSubrange(37..<53, with: aaguid.bytes)
                entries.append(CBORMap.Entry(key: entry.key, value: .byteString(data)))
            default:
                entries.append(entry)
            }
        }
        let attestationObject = CBOREncoder.encode(.map(CBORMap(entries: entries)))
        let decoded = try AttestationObject(bytes: attestationObject)
        let credentialID = try #require(decoded.authenticatorData.attestedCredentialData?.credentialID)
        let response = RegistrationResponse(
            credentialID: credentialID, clientDataJSON: clientDataJSON, attestationObject: attestationObject)
        return (response, recorded.expectations)
    }

    /// A policy requiring L3 over a BLOB whose only entry is an L3 model `aaguidB` under the U2F key's root.
    static func certifiedModelPolicy() throws -> MetadataTrustPolicy {
        let service = try Support.service()
        let vendorRoot = try Self.u2fRoot()
        let entry = VirtualMetadataService.entry(
            aaguid: Support.aaguidB, description: "Certified L3 model of the same vendor",
            attestationRootCertificates: [vendorRoot], statusReports: [("FIDO_CERTIFIED_L3", "2024-01-01")])
        let blob = try Support.load(Support.blob(service, entries: [entry]), root: service)
        return MetadataTrustPolicy(blob: blob, minimumCertificationLevel: .fidoCertifiedL3)
    }

    @Test(arguments: [false, true])
    func aU2FStatementCannotBorrowAnAAGUIDsEntry(wrappedInCompound: Bool) throws {
        let verifier = RegistrationVerifier(trustAnchors: .empty, metadata: try Self.certifiedModelPolicy())
        let (response, expectations) = try Self.u2fRegistration(
            wrappedInCompound: wrappedInCompound, aaguid: Support.aaguidB)
        let error = Support.error { _ = try verifier.verify(response, expecting: expectations) }
        #expect(error?.code == .untrustedAttestation)
    }

    @Test func aTrustedCompoundU2FStatementGetsNoCertificationFromTheAAGUID() throws {
        var anchors = AttestationTrustAnchors.empty
        anchors.addForEveryFormat([
            try Self.u2fRoot()
        ])
        let verifier = RegistrationVerifier(trustAnchors: anchors, metadata: try Self.certifiedModelPolicy())
        let (response, expectations) = try Self.u2fRegistration(wrappedInCompound: true, aaguid: Support.aaguidB)
        let error = Support.error { _ = try verifier.verify(response, expecting: expectations) }
        #expect(error?.code == .uncertifiedAuthenticator)
    }

    static let packedWithoutAAGUIDExtension: VirtualAttestation? = try? VirtualAttestation.packed(
        includesAAGUIDExtension: false)

    @Test func aPackedCertificateWithoutTheAAGUIDExtensionGetsNeitherRootsNorCertification() throws {
        let attestation = try #require(Self.packedWithoutAAGUIDExtension)
        let root = try #require(attestation.rootCertificate)
        let response = try MetadataTrustPolicyTests.registration(attestation: attestation)
        let certified = try MetadataTrustPolicyTests.policy(
            statusReports: [("FIDO_CERTIFIED_L2", "2024-01-01")], roots: [root],
            minimumCertificationLevel: .fidoCertifiedL1)
        let untrusted = Support.error { _ = try MetadataTrustPolicyTests.verify(response, metadata: certified) }
        #expect(untrusted?.code == .untrustedAttestation)

        var anchors = AttestationTrustAnchors.empty
        anchors.add([root], forFormat: "packed")
        let uncertified = Support.error {
            _ = try MetadataTrustPolicyTests.verify(response, metadata: certified, trustAnchors: anchors)
        }
        #expect(uncertified?.code == .uncertifiedAuthenticator)
        #expect(uncertified?.message.contains("1.3.6.1.4.1.45724.1.1.4") == true)
    }

    @Test func aPackedCertificateListedByKeyIdentifierIsTiedWithoutTheExtension() throws {
        let attestation = try #require(Self.packedWithoutAAGUIDExtension)
        let root = try #require(attestation.rootCertificate)
        let response = try MetadataTrustPolicyTests.registration(attestation: attestation)
        let object = try AttestationObject(bytes: response.attestationObject)
        let leafDER = try #require(object.attestationStatement[textKey: "x5c"]?.arrayValue?.first?.byteStringValue)
        let identifier = try VirtualMetadataService.keyIdentifier(of: Certificate(derEncoded: leafDER))
        let service = try Support.service()
        let entry = VirtualMetadataService.entry(
            aaguid: MetadataTrustPolicyTests.aaguid, description: "Listed Key",
            attestationRootCertificates: [root],
            statusReports: [("FIDO_CERTIFIED_L2", "2024-01-01")], attestationCertificateKeyIdentifiers: [identifier])
        let blob = try Support.load(Support.blob(service, entries: [entry]), root: service)
        let policy = MetadataTrustPolicy(blob: blob, minimumCertificationLevel: .fidoCertifiedL2)
        let verified = try MetadataTrustPolicyTests.verify(response, metadata: policy)
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.metadataEntry?.description == "Listed Key")
    }
}
