import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

/// A clock the tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    init(_ instant: Date = Date(timeIntervalSince1970: 1_750_000_000)) {
        self.instant = instant
    }

    var now: Date {
        lock.withLock { instant }
    }

    func advance(by seconds: TimeInterval) {
        lock.withLock { instant = instant.addingTimeInterval(seconds) }
    }
}

/// A minimal software authenticator and client for the facade tests: `none` attestation, real signatures.
struct TestAuthenticator: Sendable {
    /// A credential the authenticator holds.
    struct Credential: Sendable {
        let id: [UInt8]
        let privateKey: PrivateKey
        let userHandle: [UInt8]
    }

    var origin = "https://example.com"
    var userVerified = true
    var backupEligible = true
    var backupState = true

    /// Creates a credential for `options` and answers with `RegistrationResponseJSON`.
    func register(
        _ options: PublicKeyCredentialCreationOptionsJSON,
        algorithm: COSEAlgorithm = .es256,
        credentialID: [UInt8]? = nil,
        signCount: UInt32 = 0
    ) throws -> (credential: Credential, response: RegistrationResponseJSON) {
        let (credential, clientDataJSON, attestationObject) = try create(
            options,
            algorithm: algorithm,
            credentialID: credentialID,
            signCount: signCount
        )
        let encodedID = Base64URL.encode(credential.id)
        let response = RegistrationResponseJSON(
            id: encodedID,
            rawId: encodedID,
            response: AuthenticatorAttestationResponseJSON(
                clientDataJSON: Base64URL.encode(clientDataJSON),
                attestationObject: Base64URL.encode(attestationObject),
                transports: ["internal", "hybrid"]
            ),
            authenticatorAttachment: "platform",
            clientExtensionResults: AuthenticationExtensionsClientOutputsJSON(
                credProps: .init(rk: true)
            )
        )
        return (credential, response)
    }

    /// Creates a credential for `options` and answers with the native iOS fields, in standard base64.
    func registerNatively(_ options: PublicKeyCredentialCreationOptionsJSON) throws
        -> (credential: Credential, payload: NativeRegistrationPayload)
    {
        let (credential, clientDataJSON, attestationObject) = try create(
            options,
            algorithm: .es256,
            credentialID: nil,
            signCount: 0
        )
        let payload = NativeRegistrationPayload(
            credentialID: Base64URL.encodeStandard(credential.id),
            rawClientDataJSON: Base64URL.encodeStandard(clientDataJSON),
            rawAttestationObject: Base64URL.encodeStandard(attestationObject)
        )
        return (credential, payload)
    }

    /// Signs an assertion for `options` with `credential` and answers with `AuthenticationResponseJSON`.
    func assert(
        _ options: PublicKeyCredentialRequestOptionsJSON,
        with credential: Credential,
        signCount: UInt32 = 0,
        userHandle: [UInt8]?? = .none
    ) throws -> AuthenticationResponseJSON {
        let (clientDataJSON, authenticatorData, signature) = try sign(options, with: credential, signCount: signCount)
        let handle = userHandle ?? credential.userHandle
        let encodedID = Base64URL.encode(credential.id)
        return AuthenticationResponseJSON(
            id: encodedID,
            rawId: encodedID,
            response: AuthenticatorAssertionResponseJSON(
                clientDataJSON: Base64URL.encode(clientDataJSON),
                authenticatorData: Base64URL.encode(authenticatorData),
                signature: Base64URL.encode(signature),
                userHandle: handle.map(Base64URL.encode)
            ),
            authenticatorAttachment: "platform"
        )
    }

    /// Signs an assertion for `options` and answers with the native iOS fields, in standard base64.
    func assertNatively(
        _ options: PublicKeyCredentialRequestOptionsJSON,
        with credential: Credential,
        signCount: UInt32 = 0
    ) throws -> NativeAssertionPayload {
        let (clientDataJSON, authenticatorData, signature) = try sign(options, with: credential, signCount: signCount)
        return NativeAssertionPayload(
            credentialID: Base64URL.encodeStandard(credential.id),
            rawClientDataJSON: Base64URL.encodeStandard(clientDataJSON),
            rawAuthenticatorData: Base64URL.encodeStandard(authenticatorData),
            signature: Base64URL.encodeStandard(signature),
            userID: Base64URL.encodeStandard(credential.userHandle)
        )
    }

    private func create(
        _ options: PublicKeyCredentialCreationOptionsJSON,
        algorithm: COSEAlgorithm,
        credentialID: [UInt8]?,
        signCount: UInt32
    ) throws -> (Credential, [UInt8], [UInt8]) {
        let privateKey = try PrivateKey.generate(algorithm)
        let id = try credentialID ?? SecureRandom.bytes(count: 16)
        let userHandle = Base64URL.decode(options.user.id) ?? []
        let clientDataJSON = Self.clientData(type: "webauthn.create", challenge: options.challenge, origin: origin)
        var authenticatorData = authenticatorDataPrefix(rpID: options.rp.id ?? "", signCount: signCount, attested: true)
        authenticatorData += [UInt8](repeating: 0, count: 16)
        authenticatorData += [UInt8(id.count >> 8), UInt8(id.count & 0xFF)] + id
        authenticatorData += privateKey.coseKey.encoded
        let attestationObject = CBOREncoder.encode(
            .map(
                CBORMap(entries: [
                    CBORMap.Entry(key: .textString("fmt"), value: .textString("none")),
                    CBORMap.Entry(key: .textString("attStmt"), value: .map(CBORMap(entries: []))),
                    CBORMap.Entry(key: .textString("authData"), value: .byteString(authenticatorData)),
                ])
            )
        )
        return (Credential(id: id, privateKey: privateKey, userHandle: userHandle), clientDataJSON, attestationObject)
    }

    private func sign(
        _ options: PublicKeyCredentialRequestOptionsJSON,
        with credential: Credential,
        signCount: UInt32
    ) throws -> ([UInt8], [UInt8], [UInt8]) {
        let clientDataJSON = Self.clientData(type: "webauthn.get", challenge: options.challenge, origin: origin)
        let authenticatorData = authenticatorDataPrefix(rpID: options.rpId ?? "", signCount: signCount, attested: false)
        let signature = try credential.privateKey.sign(authenticatorData + HashAlgorithm.sha256.hash(clientDataJSON))
        return (clientDataJSON, authenticatorData, signature)
    }

    private func authenticatorDataPrefix(rpID: String, signCount: UInt32, attested: Bool) -> [UInt8] {
        var flags: UInt8 = 0x01
        if userVerified { flags |= 0x04 }
        if backupEligible { flags |= 0x08 }
        if backupState { flags |= 0x10 }
        if attested { flags |= 0x40 }
        let counter = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: signCount >> $0) }
        return HashAlgorithm.sha256.hash(Array(rpID.utf8)) + [flags] + counter
    }

    static func clientData(type: String, challenge: String, origin: String) -> [UInt8] {
        Array(
            "{\"type\":\"\(type)\",\"challenge\":\"\(challenge)\",\"origin\":\"\(origin)\",\"crossOrigin\":false}".utf8
        )
    }
}

/// JSON bytes of an encodable value.
func jsonBytes(_ value: some Encodable) throws -> [UInt8] {
    Array(try JSONEncoder().encode(value))
}

/// A relying party for `example.com` with in-memory stores and a test clock.
func makeRelyingParty(
    clock: TestClock = TestClock(),
    credentialStore: any CredentialStore = InMemoryCredentialStore(),
    challengeStore: any ChallengeStore = InMemoryChallengeStore(),
    configure: (inout RelyingPartyConfiguration) -> Void = { _ in }
) throws -> RelyingParty {
    var configuration = RelyingPartyConfiguration(
        relyingPartyID: "example.com",
        relyingPartyName: "Example",
        origins: ["https://example.com"]
    )
    configure(&configuration)
    return try RelyingParty(
        configuration: configuration,
        credentialStore: credentialStore,
        challengeStore: challengeStore,
        clock: { clock.now }
    )
}

let alice = PublicKeyCredentialUserEntity(
    id: Array("alice-user-handle".utf8),
    name: "alice@example.com",
    displayName: "Alice"
)
let bob = PublicKeyCredentialUserEntity(id: Array("bob-user-handle".utf8), name: "bob@example.com", displayName: "Bob")
