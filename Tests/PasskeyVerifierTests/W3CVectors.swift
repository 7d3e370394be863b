import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import Testing

/// More of the WebAuthn Level 3 test vectors (w3c/webauthn `index.bs`, "Test Vectors", commit
/// 146d0db03cb88e69a8f6f0c3c168221abe73504b) than ``ModelTestVectors`` holds: the challenges, the
/// credential and attestation private keys (so tests can sign modified authenticator data and client
/// data again), four more vectors, a real Apple attestation, and two leaf certificates made for these tests.
///
/// The values are read from `Fixtures/w3c-vectors/vectors.jsonl` (one `{"name", "description", "hex" or
/// "text"}` object a line, named as the properties below; provenance, and how the two test leaf certificates
/// were made, in `Fixtures/README.md`). A fixture that is missing or malformed, or lacks a name, fails each
/// test that reads it with an issue naming the file and the problem (``value(_:in:)``).
enum W3CVectors {
    /// none-es256: the registration challenge.
    static var noneES256RegistrationChallenge: String { value() }
    /// none-es256: the authentication challenge.
    static var noneES256AuthenticationChallenge: String { value() }
    /// none-es256: the credential private key (P-256 scalar).
    static var noneES256CredentialPrivateKey: String { value() }
    /// packed-es256: the registration challenge.
    static var packedES256RegistrationChallenge: String { value() }
    /// packed-es256: the authentication challenge.
    static var packedES256AuthenticationChallenge: String { value() }
    /// packed-es256: the credential private key (P-256 scalar).
    static var packedES256CredentialPrivateKey: String { value() }
    /// packed-es256: the attestation private key (P-256 scalar) of its x5c leaf.
    static var packedES256AttestationPrivateKey: String { value() }
    /// packed-self-es256: the registration challenge.
    static var packedSelfES256RegistrationChallenge: String { value() }
    /// packed-self-es256: the credential private key (P-256 scalar).
    static var packedSelfES256CredentialPrivateKey: String { value() }
    /// packed-self-es256: the attestation object.
    static var packedSelfES256AttestationObject: String { value() }
    /// packed-self-es256: the registration clientDataJSON.
    static var packedSelfES256RegistrationClientDataJSON: String { value() }
    /// apple-es256: the registration challenge.
    static var appleES256RegistrationChallenge: String { value() }
    /// apple-es256: the attestation object (chained to the W3C test root, not to Apple).
    static var appleES256AttestationObject: String { value() }
    /// apple-es256: the registration clientDataJSON.
    static var appleES256RegistrationClientDataJSON: String { value() }
    /// none-es256-crossOrigin: the registration challenge.
    static var crossOriginRegistrationChallenge: String { value() }
    /// none-es256-crossOrigin: the attestation object.
    static var crossOriginAttestationObject: String { value() }
    /// none-es256-crossOrigin: the registration clientDataJSON, with "crossOrigin":true.
    static var crossOriginRegistrationClientDataJSON: String { value() }
    /// none-es256-topOrigin: the registration challenge.
    static var topOriginRegistrationChallenge: String { value() }
    /// none-es256-long-credential-id: the registration challenge.
    static var longCredentialIDRegistrationChallenge: String { value() }
    /// The W3C test vectors' attestation root certificate (DER).
    static var attestationRootCertificate: String { value() }
    /// The P-256 scalar of the two test leaf certificates (SHA-256 of a fixed phrase).
    static var testLeafPrivateKey: String { value() }
    /// A packed attestation leaf issued by the W3C test root, OU "Authenticator Attestation" (§8.2.1 met).
    static var testLeafCertificate: String { value() }
    /// The same leaf with OU "Authenticator Attestation CA": only the OU breaks §8.2.1.
    static var testLeafCertificateWithCAOrganizationalUnit: String { value() }

    // MARK: - A real Apple attestation

    // Yubico java-webauthn-server RealExamples.scala "AppleAttestationIos" (BSD-2-Clause), as in
    // Fixtures/real-devices/AppleAttestationIos.registration.json: RP ID demo.yubico.com, origin
    // https://demo.yubico.com.

    /// The attestation object (base64url): fmt apple, leaf valid 2021-04-11 to 2021-04-14.
    static var appleIOSAttestationObjectBase64URL: String { value() }
    /// clientDataJSON (base64url).
    static var appleIOSClientDataJSONBase64URL: String { value() }
    /// The credential ID (base64url).
    static var appleIOSCredentialIDBase64URL: String { value() }
    /// The challenge (base64url).
    static var appleIOSChallengeBase64URL: String { value() }
}

// MARK: - Building inputs

extension W3CVectors {
    /// The RP ID of every W3C vector.
    static let relyingPartyID = "example.org"
    /// The origin of every W3C vector.
    static let origins: Set<String> = ["https://example.org"]
    /// 2025-01-01T00:00:00Z, inside the validity of every W3C attestation certificate.
    static let verificationInstant = Date(timeIntervalSince1970: 1_735_689_600)
    /// The three codes only the relying-party facade can produce: they need stored state.
    static let facadeCodes: Set<WebAuthnError.Code> = [
        .challengeNotFound, .credentialAlreadyRegistered, .unknownCredential,
    ]

    /// The bytes of a hexadecimal literal.
    static func bytes(_ hex: String) -> [UInt8] {
        ModelTestVectors.bytes(hex: hex)
    }

    /// A P-256 signing key from a hexadecimal private scalar.
    static func privateKey(_ hex: String) throws -> PrivateKey {
        try PrivateKey(ecPrivateScalar: bytes(hex), curve: .p256)
    }

    /// The W3C test root.
    static func rootCertificate() throws -> Certificate {
        try Certificate(derEncoded: bytes(attestationRootCertificate))
    }

    /// The built-in anchors plus the W3C test root for every format.
    static func testRootAnchors() throws -> AttestationTrustAnchors {
        AttestationTrustAnchors.builtIn.addingForEveryFormat([try rootCertificate()])
    }

    /// `authenticatorData` with its flags byte, signature counter or rpIdHash replaced (§6.1 layout); data too short
    /// to hold them fails the test and comes back unchanged.
    static func editing(
        _ authenticatorData: [UInt8],
        flags: UInt8? = nil,
        signCount: UInt32? = nil,
        relyingPartyID: String? = nil
    ) -> [UInt8] {
        guard authenticatorData.count >= 37 else {
            Issue.record("editing: \(authenticatorData.count) bytes are no authenticator data (§6.1: 37 at least)")
            return authenticatorData
        }
        var bytes = authenticatorData
        if let relyingPartyID {
            bytes.replaceSubrange(0..<32, with: HashAlgorithm.sha256.hash(Array(relyingPartyID.utf8)))
        }
        if let flags {
            bytes[32] = flags
        }
        if let signCount {
            bytes.replaceSubrange(33..<37, with: (0..<4).map { UInt8(truncatingIfNeeded: signCount >> (24 - 8 * $0)) })
        }
        return bytes
    }

    /// An attestation object (§6.5.4) in CTAP2 canonical CBOR.
    static func attestationObject(
        format: String,
        statement: [(String, CBORValue)],
        authenticatorData: [UInt8]
    ) -> [UInt8] {
        CBOREncoder.encode(
            .map(
                CBORMap(entries: [
                    CBORMap.Entry(key: .textString("fmt"), value: .textString(format)),
                    CBORMap.Entry(key: .textString("attStmt"), value: .map(map(statement))),
                    CBORMap.Entry(key: .textString("authData"), value: .byteString(authenticatorData)),
                ])
            )
        )
    }

    /// A CBOR map with text keys.
    static func map(_ entries: [(String, CBORValue)]) -> CBORMap {
        CBORMap(entries: entries.map { CBORMap.Entry(key: .textString($0.0), value: $0.1) })
    }

    /// The members of a packed attestation statement (§8.2).
    static func packedStatement(algorithm: Int64 = -7, signature: [UInt8], x5c: [[UInt8]]? = nil)
        -> [(String, CBORValue)]
    {
        var statement: [(String, CBORValue)] = [
            ("alg", CBORValue(integer: algorithm)), ("sig", .byteString(signature)),
        ]
        if let x5c {
            statement.append(("x5c", .array(x5c.map { .byteString($0) })))
        }
        return statement
    }

    /// `bytes` with bit `bit` of byte `index` flipped; a bit it does not have fails the test and leaves it unchanged.
    static func flippingBit(_ bit: Int, ofByte index: Int, in bytes: [UInt8]) -> [UInt8] {
        guard bytes.indices.contains(index), (0..<8).contains(bit) else {
            Issue.record("flippingBit: no bit \(bit) of byte \(index) in \(bytes.count) bytes")
            return bytes
        }
        var bytes = bytes
        bytes[index] ^= 1 << UInt8(bit)
        return bytes
    }

    /// `json` (a clientDataJSON text) with the first occurrence of `target` replaced.
    static func replacing(_ target: String, with replacement: String, in json: [UInt8]) -> [UInt8] {
        let text = String(decoding: json, as: UTF8.self)
        guard let range = text.range(of: target) else { return json }
        return Array(text.replacingCharacters(in: range, with: replacement).utf8)
    }
}

// MARK: - Ceremonies

/// One registration's inputs, each replaceable, with the expectations and trust anchors to verify them with.
struct RegistrationCeremony: Sendable {
    var credentialID: [UInt8]
    var clientDataJSON: [UInt8]
    var attestationObject: [UInt8]
    var expectations: RegistrationExpectations
    var trustAnchors: AttestationTrustAnchors = .builtIn

    /// The response a native app would hand over.
    var response: RegistrationResponse {
        RegistrationResponse(
            credentialID: credentialID, clientDataJSON: clientDataJSON, attestationObject: attestationObject)
    }

    /// Runs §7.1.
    func verify() throws(WebAuthnError) -> VerifiedRegistration {
        try RegistrationVerifier(trustAnchors: trustAnchors).verify(response, expecting: expectations)
    }

    /// A copy changed by `change`.
    func with(_ change: (inout RegistrationCeremony) throws -> Void) rethrows -> RegistrationCeremony {
        var copy = self
        try change(&copy)
        return copy
    }

    /// The `authData` of the attestation object.
    func authenticatorData() throws -> [UInt8] {
        try AttestationObject(bytes: attestationObject).authenticatorData.rawBytes
    }

    /// The attestation statement's `x5c` certificates.
    func x5c() throws -> [[UInt8]] {
        let statement = try AttestationObject(bytes: attestationObject).attestationStatement
        return statement[textKey: "x5c"]?.arrayValue?.compactMap(\.byteStringValue) ?? []
    }

    /// `authenticatorData || SHA-256(clientDataJSON)`, what packed and apple attestations sign (§8.2, §8.8).
    func signedData(authenticatorData: [UInt8]) -> [UInt8] {
        authenticatorData + HashAlgorithm.sha256.hash(clientDataJSON)
    }

    /// Replaces the attestation object by a `none` one around `authenticatorData`.
    mutating func useNoneAttestation(authenticatorData: [UInt8]) {
        attestationObject = W3CVectors.attestationObject(
            format: "none", statement: [], authenticatorData: authenticatorData)
    }

    /// Replaces the attestation object by a packed one around `authenticatorData`, signed by `key`
    /// (self attestation without `x5c`, §8.2).
    mutating func usePackedAttestation(authenticatorData: [UInt8], key: PrivateKey, x5c: [[UInt8]]? = nil) throws {
        let signature = try key.sign(signedData(authenticatorData: authenticatorData))
        attestationObject = W3CVectors.attestationObject(
            format: "packed",
            statement: W3CVectors.packedStatement(algorithm: key.algorithm.rawValue, signature: signature, x5c: x5c),
            authenticatorData: authenticatorData
        )
    }

    static func w3c(
        credentialID: String,
        clientDataJSON: String,
        attestationObject: String,
        challenge: String
    ) -> RegistrationCeremony {
        RegistrationCeremony(
            credentialID: W3CVectors.bytes(credentialID),
            clientDataJSON: W3CVectors.bytes(clientDataJSON),
            attestationObject: W3CVectors.bytes(attestationObject),
            expectations: RegistrationExpectations(
                relyingPartyID: W3CVectors.relyingPartyID,
                origins: W3CVectors.origins,
                challenge: W3CVectors.bytes(challenge),
                verificationInstant: W3CVectors.verificationInstant
            )
        )
    }

    /// none-es256: flags UP, BE, BS, AT; no attestation statement. Built at each use, so that each test
    /// reading it reports a fixture that cannot be read.
    static var noneES256: RegistrationCeremony {
        w3c(
            credentialID: ModelTestVectors.noneES256CredentialID,
            clientDataJSON: ModelTestVectors.noneES256RegistrationClientDataJSON,
            attestationObject: ModelTestVectors.noneES256AttestationObject,
            challenge: W3CVectors.noneES256RegistrationChallenge
        )
    }

    /// packed-es256 with the W3C test root as anchor: flags UP, UV, BE, AT; basic attestation.
    static func packedES256() throws -> RegistrationCeremony {
        var ceremony = w3c(
            credentialID: ModelTestVectors.packedES256CredentialID,
            clientDataJSON: ModelTestVectors.packedES256RegistrationClientDataJSON,
            attestationObject: ModelTestVectors.packedES256AttestationObject,
            challenge: W3CVectors.packedES256RegistrationChallenge
        )
        ceremony.trustAnchors = try W3CVectors.testRootAnchors()
        return ceremony
    }

    /// packed-es256 with its statement replaced by `statement(sig, x5c)` of the original statement; the
    /// authenticator data is unchanged.
    static func packedES256(
        statement: (_ signature: [UInt8], _ x5c: [[UInt8]]) -> [(String, CBORValue)]
    ) throws -> RegistrationCeremony {
        var ceremony = try packedES256()
        let attestation = try AttestationObject(bytes: ceremony.attestationObject)
        let signature = attestation.attestationStatement[textKey: "sig"]?.byteStringValue ?? []
        ceremony.attestationObject = W3CVectors.attestationObject(
            format: "packed",
            statement: statement(signature, try ceremony.x5c()),
            authenticatorData: attestation.authenticatorData.rawBytes
        )
        return ceremony
    }

    /// packed-self-es256: self attestation signed by the credential key.
    static func packedSelfES256() throws -> RegistrationCeremony {
        let ceremony = w3c(
            credentialID: "",
            clientDataJSON: W3CVectors.packedSelfES256RegistrationClientDataJSON,
            attestationObject: W3CVectors.packedSelfES256AttestationObject,
            challenge: W3CVectors.packedSelfES256RegistrationChallenge
        )
        let attested = try AttestationObject(bytes: ceremony.attestationObject).authenticatorData.attestedCredentialData
        return ceremony.with { $0.credentialID = attested?.credentialID ?? [] }
    }

    /// apple-es256 with the W3C test root as anchor (the vector chains to it, not to Apple).
    static func appleES256() throws -> RegistrationCeremony {
        var ceremony = w3c(
            credentialID: "",
            clientDataJSON: W3CVectors.appleES256RegistrationClientDataJSON,
            attestationObject: W3CVectors.appleES256AttestationObject,
            challenge: W3CVectors.appleES256RegistrationChallenge
        )
        ceremony.credentialID =
            try AttestationObject(bytes: ceremony.attestationObject).authenticatorData.attestedCredentialData?
            .credentialID ?? []
        ceremony.trustAnchors = try W3CVectors.testRootAnchors()
        return ceremony
    }

    /// none-es256-crossOrigin: clientDataJSON `"crossOrigin":true`, no topOrigin.
    static func crossOrigin() throws -> RegistrationCeremony {
        let ceremony = w3c(
            credentialID: "",
            clientDataJSON: W3CVectors.crossOriginRegistrationClientDataJSON,
            attestationObject: W3CVectors.crossOriginAttestationObject,
            challenge: W3CVectors.crossOriginRegistrationChallenge
        )
        let attested = try AttestationObject(bytes: ceremony.attestationObject).authenticatorData.attestedCredentialData
        return ceremony.with { $0.credentialID = attested?.credentialID ?? [] }
    }

    /// none-es256-topOrigin: `"crossOrigin":true` and `"topOrigin":"https://example.com"`.
    static func topOrigin() throws -> RegistrationCeremony {
        let ceremony = w3c(
            credentialID: "",
            clientDataJSON: ModelTestVectors.topOriginRegistrationClientDataJSON,
            attestationObject: ModelTestVectors.topOriginAttestationObject,
            challenge: W3CVectors.topOriginRegistrationChallenge
        )
        let attested = try AttestationObject(bytes: ceremony.attestationObject).authenticatorData.attestedCredentialData
        return ceremony.with { $0.credentialID = attested?.credentialID ?? [] }
    }

    /// none-es256-long-credential-id: a credential ID of 1023 bytes, the most allowed.
    static func longCredentialID() throws -> RegistrationCeremony {
        let ceremony = w3c(
            credentialID: "",
            clientDataJSON: ModelTestVectors.longCredentialIDRegistrationClientDataJSON,
            attestationObject: ModelTestVectors.longCredentialIDAttestationObject,
            challenge: W3CVectors.longCredentialIDRegistrationChallenge
        )
        let attested = try AttestationObject(bytes: ceremony.attestationObject).authenticatorData.attestedCredentialData
        return ceremony.with { $0.credentialID = attested?.credentialID ?? [] }
    }

    /// A real iPhone registration (fmt apple) for demo.yubico.com, at `instant`.
    static func appleIOS(at instant: Date) -> RegistrationCeremony {
        RegistrationCeremony(
            credentialID: Base64URL.decode(W3CVectors.appleIOSCredentialIDBase64URL) ?? [],
            clientDataJSON: Base64URL.decode(W3CVectors.appleIOSClientDataJSONBase64URL) ?? [],
            attestationObject: Base64URL.decode(W3CVectors.appleIOSAttestationObjectBase64URL) ?? [],
            expectations: RegistrationExpectations(
                relyingPartyID: "demo.yubico.com",
                origins: ["https://demo.yubico.com"],
                challenge: Base64URL.decode(W3CVectors.appleIOSChallengeBase64URL) ?? [],
                verificationInstant: instant
            )
        )
    }
}

/// One authentication's inputs, each replaceable, with the expectations and the stored credential record.
struct AuthenticationCeremony: Sendable {
    var credentialID: [UInt8]
    var clientDataJSON: [UInt8]
    var authenticatorData: [UInt8]
    var signature: [UInt8]
    var userHandle: [UInt8]?
    var expectations: AuthenticationExpectations
    var credential: CredentialRecord

    /// The response a native app would hand over.
    var response: AuthenticationResponse {
        AuthenticationResponse(
            credentialID: credentialID,
            clientDataJSON: clientDataJSON,
            authenticatorData: authenticatorData,
            signature: signature,
            userHandle: userHandle
        )
    }

    /// Runs §7.2.
    func verify() throws(WebAuthnError) -> VerifiedAuthentication {
        try AuthenticationVerifier().verify(response, expecting: expectations, credential: credential)
    }

    /// A copy changed by `change`.
    func with(_ change: (inout AuthenticationCeremony) throws -> Void) rethrows -> AuthenticationCeremony {
        var copy = self
        try change(&copy)
        return copy
    }

    /// Signs `authenticatorData || SHA-256(clientDataJSON)` with `key` (§6.3.3), replacing the signature.
    mutating func sign(with key: PrivateKey) throws {
        signature = try key.sign(authenticatorData + HashAlgorithm.sha256.hash(clientDataJSON))
    }

    /// A copy changed by `change`, then signed again with the vector's credential key.
    func resigned(_ change: (inout AuthenticationCeremony) throws -> Void) throws -> AuthenticationCeremony {
        var copy = self
        try change(&copy)
        try copy.sign(with: signingKey())
        return copy
    }

    /// The credential private key of the vector, recognised by the stored public key.
    func signingKey() throws -> PrivateKey {
        for hex in [W3CVectors.noneES256CredentialPrivateKey, W3CVectors.packedES256CredentialPrivateKey] {
            let key = try W3CVectors.privateKey(hex)
            if key.publicKey == credential.publicKey.publicKey {
                return key
            }
        }
        throw UnknownSigningKey()
    }

    /// The stored public key is not one of the vectors' credential keys.
    struct UnknownSigningKey: Error {}

    /// none-es256: flags UP, BE, BS; counter 0; stored as registered (BE and BS set, counter 0).
    static func noneES256() throws -> AuthenticationCeremony {
        let credentialID = W3CVectors.bytes(ModelTestVectors.noneES256CredentialID)
        return AuthenticationCeremony(
            credentialID: credentialID,
            clientDataJSON: W3CVectors.bytes(ModelTestVectors.noneES256AuthenticationClientDataJSON),
            authenticatorData: W3CVectors.bytes(ModelTestVectors.noneES256AuthenticationAuthenticatorData),
            signature: W3CVectors.bytes(ModelTestVectors.noneES256Signature),
            expectations: AuthenticationExpectations(
                relyingPartyID: W3CVectors.relyingPartyID,
                origins: W3CVectors.origins,
                challenge: W3CVectors.bytes(W3CVectors.noneES256AuthenticationChallenge)
            ),
            credential: CredentialRecord(
                id: credentialID,
                publicKey: try COSEKey(encoded: W3CVectors.bytes(ModelTestVectors.noneES256CredentialPublicKey)),
                backupEligible: true,
                backupState: true
            )
        )
    }

    /// packed-es256: flags UP, UV, BE; counter 0; stored as registered (UV, BE set, BS clear, counter 0).
    static func packedES256() throws -> AuthenticationCeremony {
        let credentialID = W3CVectors.bytes(ModelTestVectors.packedES256CredentialID)
        return AuthenticationCeremony(
            credentialID: credentialID,
            clientDataJSON: W3CVectors.bytes(ModelTestVectors.packedES256AuthenticationClientDataJSON),
            authenticatorData: W3CVectors.bytes(ModelTestVectors.packedES256AuthenticationAuthenticatorData),
            signature: W3CVectors.bytes(ModelTestVectors.packedES256Signature),
            expectations: AuthenticationExpectations(
                relyingPartyID: W3CVectors.relyingPartyID,
                origins: W3CVectors.origins,
                challenge: W3CVectors.bytes(W3CVectors.packedES256AuthenticationChallenge)
            ),
            credential: CredentialRecord(
                id: credentialID,
                publicKey: try COSEKey(encoded: W3CVectors.bytes(ModelTestVectors.packedES256CredentialPublicKey)),
                backupEligible: true,
                userVerificationInitialized: true
            )
        )
    }
}

// MARK: - Error cases

/// One input a verifier (or response decoding) must reject with exactly `code`.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    let code: WebAuthnError.Code
    let name: String
    /// A phrase the message must contain, when the test cares.
    let messageContains: String?
    let run: @Sendable () throws -> Void

    init(
        _ code: WebAuthnError.Code,
        _ name: String,
        messageContains: String? = nil,
        _ run: @escaping @Sendable () throws -> Void
    ) {
        self.code = code
        self.name = name
        self.messageContains = messageContains
        self.run = run
    }

    var testDescription: String { "\(code): \(name)" }

    /// The ``WebAuthnError`` that `run` throws, or `nil` when it succeeds; any other error is rethrown.
    func thrownError() throws -> WebAuthnError? {
        do {
            try run()
            return nil
        } catch let error as WebAuthnError {
            return error
        }
    }

    /// Runs the case and checks the code and, when given, the message.
    func check() throws {
        let error = try thrownError()
        #expect(error?.code == code, "\(name): expected \(code), got \(error.map { "\($0)" } ?? "success")")
        if let messageContains, let error {
            #expect(error.message.contains(messageContains), "\(name): \(error.message)")
        }
    }
}
