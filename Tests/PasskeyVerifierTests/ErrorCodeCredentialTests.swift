import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import Testing

/// The codes about the credential, its key and its signatures: unsupportedAlgorithm, invalidPublicKey,
/// invalidSignature, credentialMismatch (a registration's `rawId` that is not the attested credential ID,
/// §7.1 `#reg-ceremony-create-credential-record`; §7.2 `#sctn-verifying-assertion` steps "allowCredentials" and
/// "identify the user") and signCountRegression (§7.2 `#sctn-verifying-assertion` step "signCount").
@Suite struct ErrorCodeCredentialTests {
    static let noneRegistrationAuthenticatorData = W3CVectors.bytes(
        ModelTestVectors.noneES256RegistrationAuthenticatorData
    )
    /// The none-es256 credential key: x and y.
    static let x = Array(W3CVectors.bytes(ModelTestVectors.noneES256CredentialPublicKey)[10..<42])
    static let y = Array(W3CVectors.bytes(ModelTestVectors.noneES256CredentialPublicKey)[45..<77])

    /// none-es256's registration with its credential public key replaced by the COSE_Key `entries`
    /// (integer labels), encoded canonically.
    static func noneRegistration(credentialPublicKey entries: [(Int64, CBORValue)]) -> RegistrationCeremony {
        let key = CBOREncoder.encode(
            .map(CBORMap(entries: entries.map { CBORMap.Entry(key: CBORValue(integer: $0.0), value: $0.1) }))
        )
        let authenticatorData = Array(noneRegistrationAuthenticatorData.prefix(37 + 16 + 2 + 32)) + key
        return RegistrationCeremony.noneES256.with { $0.useNoneAttestation(authenticatorData: authenticatorData) }
    }

    /// The none-es256 key's COSE_Key entries with `changes` applied (a `nil` value removes the label).
    static func es256Key(_ changes: [Int64: CBORValue?] = [:]) -> [(Int64, CBORValue)] {
        let original: [(Int64, CBORValue)] = [
            (1, CBORValue(integer: 2)), (3, CBORValue(integer: -7)), (-1, CBORValue(integer: 1)),
            (-2, .byteString(x)), (-3, .byteString(y)),
        ]
        var entries: [(Int64, CBORValue)] = original.compactMap { label, value in
            guard let change = changes[label] else { return (label, value) }
            return change.map { (label, $0) }
        }
        for (label, value) in changes where !original.contains(where: { $0.0 == label }) {
            if let value {
                entries.append((label, value))
            }
        }
        return entries
    }

    static let cases: [ErrorCase] = [
        // unsupportedAlgorithm
        ErrorCase(
            .unsupportedAlgorithm, "ES256 credential when only RS256 and EdDSA are allowed", messageContains: "ES256"
        ) {
            _ = try RegistrationCeremony.noneES256.with { $0.expectations.allowedAlgorithms = [.rs256, .edDSA] }
                .verify()
        },
        ErrorCase(.unsupportedAlgorithm, "credential key with alg -47 (ES256K)") {
            _ = try noneRegistration(credentialPublicKey: es256Key([3: CBORValue(integer: -47)])).verify()
        },
        ErrorCase(.unsupportedAlgorithm, "packed statement with alg 999") {
            _ = try RegistrationCeremony.packedES256 {
                W3CVectors.packedStatement(algorithm: 999, signature: $0, x5c: $1)
            }.verify()
        },
        ErrorCase(.unsupportedAlgorithm, "packed statement with alg RS1 (-65535)") {
            _ = try RegistrationCeremony.packedES256 {
                W3CVectors.packedStatement(algorithm: -65535, signature: $0, x5c: $1)
            }
            .verify()
        },

        // invalidPublicKey
        ErrorCase(.invalidPublicKey, "credential key whose point is not on P-256") {
            _ = try noneRegistration(
                credentialPublicKey: es256Key([-3: .byteString(W3CVectors.flippingBit(0, ofByte: 31, in: y))])
            )
            .verify()
        },
        ErrorCase(.invalidPublicKey, "ES256 credential key on P-384 (crv 2)") {
            _ = try noneRegistration(credentialPublicKey: es256Key([-1: CBORValue(integer: 2)])).verify()
        },
        ErrorCase(.invalidPublicKey, "ES256 credential key with kty OKP") {
            _ = try noneRegistration(credentialPublicKey: es256Key([1: CBORValue(integer: 1)])).verify()
        },
        ErrorCase(.invalidPublicKey, "credential key with a 31-byte x") {
            _ = try noneRegistration(credentialPublicKey: es256Key([-2: .byteString(Array(x.dropFirst()))])).verify()
        },
        ErrorCase(.invalidPublicKey, "credential key carrying its private key d") {
            _ = try noneRegistration(
                credentialPublicKey: es256Key([
                    -4: .byteString(W3CVectors.bytes(W3CVectors.noneES256CredentialPrivateKey))
                ])
            )
            .verify()
        },

        // invalidSignature
        ErrorCase(.invalidSignature, "assertion signature with one bit flipped") {
            _ = try AuthenticationCeremony.noneES256().with {
                $0.signature = W3CVectors.flippingBit(0, ofByte: $0.signature.count - 1, in: $0.signature)
            }.verify()
        },
        ErrorCase(.invalidSignature, "assertion signed by another credential's key") {
            let otherKey = try W3CVectors.privateKey(W3CVectors.packedES256CredentialPrivateKey)
            var ceremony = try AuthenticationCeremony.noneES256()
            try ceremony.sign(with: otherKey)
            _ = try ceremony.verify()
        },
        ErrorCase(.invalidSignature, "assertion whose signature covers other client data") {
            _ = try AuthenticationCeremony.noneES256().with {
                $0.clientDataJSON = W3CVectors.replacing("false", with: "false ", in: $0.clientDataJSON)
            }.verify()
        },
        ErrorCase(.invalidSignature, "empty assertion signature") {
            _ = try AuthenticationCeremony.noneES256().with { $0.signature = [] }.verify()
        },
        ErrorCase(.invalidSignature, "packed attestation signature with one bit flipped") {
            _ = try RegistrationCeremony.packedES256 {
                W3CVectors.packedStatement(signature: W3CVectors.flippingBit(0, ofByte: $0.count - 1, in: $0), x5c: $1)
            }.verify()
        },
        ErrorCase(.invalidSignature, "packed self attestation signed by another key") {
            var ceremony = try RegistrationCeremony.packedSelfES256()
            let otherKey = try W3CVectors.privateKey(W3CVectors.noneES256CredentialPrivateKey)
            try ceremony.usePackedAttestation(authenticatorData: ceremony.authenticatorData(), key: otherKey)
            _ = try ceremony.verify()
        },

        // credentialMismatch
        ErrorCase(
            .credentialMismatch, "registration whose rawId is not the attested credential ID", messageContains: "rawId"
        ) {
            _ = try RegistrationCeremony.noneES256.with {
                $0.credentialID = W3CVectors.flippingBit(0, ofByte: 0, in: $0.credentialID)
            }.verify()
        },
        ErrorCase(.credentialMismatch, "assertion whose userHandle is not the owner's", messageContains: "userHandle") {
            _ = try AuthenticationCeremony.noneES256().with {
                $0.credential.userHandle = Array("alice".utf8)
                $0.userHandle = Array("mallory".utf8)
            }.verify()
        },
        ErrorCase(
            .credentialMismatch, "assertion from a credential outside allowCredentials",
            messageContains: "allowCredentials"
        ) {
            _ = try AuthenticationCeremony.noneES256().with {
                $0.expectations.allowedCredentialIDs = [W3CVectors.bytes(ModelTestVectors.packedES256CredentialID)]
            }.verify()
        },
        ErrorCase(.credentialMismatch, "assertion whose credential ID is not the stored record's") {
            _ = try AuthenticationCeremony.noneES256().with {
                $0.credentialID = W3CVectors.bytes(ModelTestVectors.packedES256CredentialID)
            }.verify()
        },

        // signCountRegression
        ErrorCase(.signCountRegression, "counter 0 after a stored 5", messageContains: "stored 5") {
            _ = try AuthenticationCeremony.noneES256().with { $0.credential.signCount = 5 }.verify()
        },
        ErrorCase(.signCountRegression, "counter 5 after a stored 5 (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.authenticatorData = W3CVectors.editing($0.authenticatorData, signCount: 5)
                $0.credential.signCount = 5
            }.verify()
        },
        ErrorCase(.signCountRegression, "counter 0x00FFFFFF after a stored 0x01000000 (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.authenticatorData = W3CVectors.editing($0.authenticatorData, signCount: 0x00FF_FFFF)
                $0.credential.signCount = 0x0100_0000
            }.verify()
        },
    ]

    @Test(arguments: cases)
    func failsWithItsCode(_ errorCase: ErrorCase) throws {
        try errorCase.check()
    }

    /// The rebuilt key and statement verify when unchanged, so each case fails for its one change.
    @Test func theRebuiltInputsVerifyUnchanged() throws {
        let none = try Self.noneRegistration(credentialPublicKey: Self.es256Key()).verify()
        #expect(none.credentialPublicKey.encoded == W3CVectors.bytes(ModelTestVectors.noneES256CredentialPublicKey))
        let packed = try RegistrationCeremony.packedES256 { W3CVectors.packedStatement(signature: $0, x5c: $1) }
            .verify()
        #expect(packed.attestationType == .basic)
        let allowed = try AuthenticationCeremony.noneES256().with {
            $0.expectations.allowedCredentialIDs = [
                W3CVectors.bytes(ModelTestVectors.packedES256CredentialID), $0.credentialID,
            ]
            $0.credential.userHandle = Array("alice".utf8)
            $0.userHandle = Array("alice".utf8)
        }.verify()
        #expect(allowed.userHandle == Array("alice".utf8))
    }
}
