import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import Testing

/// The attestation codes (§7.1 `#sctn-registering-a-new-credential` step "fmt", `#reg-ceremony-verify-attestation`,
/// `#reg-ceremony-assess-trust`, §8): unsupportedAttestationFormat, invalidAttestationStatement and
/// untrustedAttestation, with the W3C packed, packed-self, none and apple vectors, two leaf certificates
/// issued by the W3C test root for these tests, and a real Apple attestation.
@Suite struct ErrorCodeAttestationTests {
    static let noneRegistrationAuthenticatorData = W3CVectors.bytes(
        ModelTestVectors.noneES256RegistrationAuthenticatorData
    )

    /// packed-es256's authenticator data and client data attested by a test leaf (x5c = [leaf]) signed with
    /// the leaf's key.
    static func packedRegistration(leafCertificate: String) throws -> RegistrationCeremony {
        var ceremony = try RegistrationCeremony.packedES256()
        try ceremony.usePackedAttestation(
            authenticatorData: ceremony.authenticatorData(),
            key: W3CVectors.privateKey(W3CVectors.testLeafPrivateKey),
            x5c: [W3CVectors.bytes(leafCertificate)]
        )
        return ceremony
    }

    static let cases: [ErrorCase] = [
        // unsupportedAttestationFormat
        ErrorCase(.unsupportedAttestationFormat, "fmt \"bogus\"", messageContains: "bogus") {
            _ = try RegistrationCeremony.noneES256.with {
                $0.attestationObject = W3CVectors.attestationObject(
                    format: "bogus", statement: [], authenticatorData: noneRegistrationAuthenticatorData)
            }.verify()
        },
        ErrorCase(.invalidAttestationStatement, "fmt \"compound\" with an empty array statement") {
            let attestationObject = CBOREncoder.encode(
                .map(
                    W3CVectors.map([
                        ("fmt", .textString("compound")), ("attStmt", .array([])),
                        ("authData", .byteString(noneRegistrationAuthenticatorData)),
                    ])
                )
            )
            _ = try RegistrationCeremony.noneES256.with { $0.attestationObject = attestationObject }.verify()
        },
        ErrorCase(.unsupportedAttestationFormat, "packed to a verifier configured for none only") {
            let ceremony = try RegistrationCeremony.packedES256()
            _ = try RegistrationVerifier(formats: [NoneAttestation()]).verify(
                ceremony.response, expecting: ceremony.expectations)
        },
        ErrorCase(.unsupportedAttestationFormat, "fmt \"None\" (identifiers are case-sensitive)") {
            _ = try RegistrationCeremony.noneES256.with {
                $0.attestationObject = W3CVectors.attestationObject(
                    format: "None", statement: [], authenticatorData: noneRegistrationAuthenticatorData)
            }.verify()
        },

        // invalidAttestationStatement
        ErrorCase(.invalidAttestationStatement, "packed statement with an extra member", messageContains: "ver") {
            _ = try RegistrationCeremony.packedES256 {
                W3CVectors.packedStatement(signature: $0, x5c: $1) + [("ver", .textString("2.0"))]
            }.verify()
        },
        ErrorCase(.invalidAttestationStatement, "none statement with a member") {
            _ = try RegistrationCeremony.noneES256.with {
                $0.attestationObject = W3CVectors.attestationObject(
                    format: "none", statement: [("alg", CBORValue(integer: -7))],
                    authenticatorData: noneRegistrationAuthenticatorData)
            }.verify()
        },
        ErrorCase(
            .invalidAttestationStatement, "apple statement whose nonce certifies other client data",
            messageContains: "nonce"
        ) {
            _ = try RegistrationCeremony.appleES256().with {
                // Still valid client data with the same type, challenge and origin; only its hash changes.
                $0.clientDataJSON = W3CVectors.replacing("false", with: "false ", in: $0.clientDataJSON)
            }.verify()
        },
        ErrorCase(
            .invalidAttestationStatement, "packed certificate with OU \"Authenticator Attestation CA\"",
            messageContains: "OU"
        ) {
            _ = try packedRegistration(leafCertificate: W3CVectors.testLeafCertificateWithCAOrganizationalUnit).verify()
        },
        ErrorCase(.invalidAttestationStatement, "packed self statement declaring ES384 for an ES256 key") {
            var ceremony = try RegistrationCeremony.packedSelfES256()
            let attestation = try AttestationObject(bytes: ceremony.attestationObject)
            let signature = attestation.attestationStatement[textKey: "sig"]?.byteStringValue ?? []
            ceremony.attestationObject = W3CVectors.attestationObject(
                format: "packed", statement: W3CVectors.packedStatement(algorithm: -35, signature: signature),
                authenticatorData: attestation.authenticatorData.rawBytes)
            _ = try ceremony.verify()
        },
        ErrorCase(.invalidAttestationStatement, "packed statement with an empty x5c") {
            _ = try RegistrationCeremony.packedES256 { signature, _ in
                W3CVectors.packedStatement(signature: signature, x5c: [])
            }
            .verify()
        },
        ErrorCase(.invalidAttestationStatement, "packed statement whose x5c holds a byte that is not DER") {
            _ = try RegistrationCeremony.packedES256 { signature, _ in
                W3CVectors.packedStatement(signature: signature, x5c: [[0x30]])
            }
            .verify()
        },
        ErrorCase(.invalidAttestationStatement, "packed statement without sig") {
            _ = try RegistrationCeremony.packedES256 { _, x5c in
                W3CVectors.packedStatement(signature: [], x5c: x5c).filter { $0.0 != "sig" }
            }.verify()
        },
        ErrorCase(.invalidAttestationStatement, "apple statement without x5c", messageContains: "x5c") {
            _ = try RegistrationCeremony.appleES256().with {
                $0.attestationObject = W3CVectors.attestationObject(
                    format: "apple", statement: [], authenticatorData: try $0.authenticatorData())
            }.verify()
        },

        // untrustedAttestation
        ErrorCase(.untrustedAttestation, "packed statement without the W3C test root as anchor") {
            _ = try RegistrationCeremony.packedES256().with { $0.trustAnchors = .builtIn }.verify()
        },
        ErrorCase(.untrustedAttestation, "apple W3C vector without its (test) root", messageContains: "apple") {
            _ = try RegistrationCeremony.appleES256().with { $0.trustAnchors = .builtIn }.verify()
        },
        ErrorCase(.untrustedAttestation, "real Apple attestation today, after its leaf expired") {
            _ = try RegistrationCeremony.appleIOS(at: Date()).verify()
        },
        ErrorCase(.untrustedAttestation, "packed statement before its certificate's validity") {
            _ = try RegistrationCeremony.packedES256().with {
                $0.expectations.verificationInstant = Date(timeIntervalSince1970: 1_685_577_600)  // 2023-06-01
            }.verify()
        },
        ErrorCase(.untrustedAttestation, "packed statement with no anchor at all") {
            _ = try RegistrationCeremony.packedES256().with { $0.trustAnchors = .empty }.verify()
        },
        ErrorCase(.untrustedAttestation, "packed test leaf trusted for apple only") {
            var anchors = AttestationTrustAnchors.empty
            anchors.add([try W3CVectors.rootCertificate()], forFormat: "apple")
            _ = try packedRegistration(leafCertificate: W3CVectors.testLeafCertificate).with {
                $0.trustAnchors = anchors
            }
            .verify()
        },
    ]

    @Test(arguments: cases)
    func failsWithItsCode(_ errorCase: ErrorCase) throws {
        try errorCase.check()
    }

    @Test func thePackedVectorVerifiesWithTheTestRoot() throws {
        let verified = try RegistrationCeremony.packedES256().verify()
        #expect(verified.attestationType == .basic)
        #expect(verified.trustPath.count == 1)
    }

    /// The same leaf key and issuer with the right OU verifies: the OU alone fails the other certificate.
    @Test func theTestLeafWithTheRightOrganizationalUnitVerifies() throws {
        let verified = try Self.packedRegistration(leafCertificate: W3CVectors.testLeafCertificate).verify()
        #expect(verified.attestationType == .basic)
        #expect(verified.trustPath.first?.subject.values(forOID: "2.5.4.11") == ["Authenticator Attestation"])
        let wrong = try Certificate(
            derEncoded: W3CVectors.bytes(W3CVectors.testLeafCertificateWithCAOrganizationalUnit))
        #expect(wrong.subject.values(forOID: "2.5.4.11") == ["Authenticator Attestation CA"])
        #expect(wrong.publicKey == verified.trustPath.first?.publicKey)
    }

    @Test func theAppleVectorVerifiesWithTheTestRoot() throws {
        let verified = try RegistrationCeremony.appleES256().verify()
        #expect(verified.format == "apple")
        #expect(verified.attestationType == .anonCA)
    }

    /// The real Apple attestation verifies against the built-in Apple root while its leaf was valid.
    @Test func theRealAppleAttestationVerifiedWhenItWasMade() throws {
        let verified = try RegistrationCeremony.appleIOS(at: Date(timeIntervalSince1970: 1_618_185_600)).verify()
        #expect(verified.attestationType == .anonCA)
        #expect(verified.trustPath.count == 2)
    }
}
