import Foundation
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting

/// Errors of the test helpers.
struct RelyingPartyTestError: Error, CustomStringConvertible {
    let description: String
}

extension VirtualAuthenticator {
    /// Runs `navigator.credentials.create()` with the options the relying party sent: the options' challenge and
    /// user handle, a new key of `algorithm`.
    mutating func register(
        _ options: PublicKeyCredentialCreationOptionsJSON,
        algorithm: COSEAlgorithm = .es256,
        credentialID: [UInt8]? = nil
    ) throws -> VirtualRegistration {
        guard let challenge = options.challengeBytes, let userHandle = Base64URL.decode(options.user.id) else {
            throw RelyingPartyTestError(description: "the creation options do not decode")
        }
        return try register(
            challenge: challenge,
            algorithm: algorithm,
            credentialID: credentialID,
            userHandle: userHandle
        )
    }

    /// Runs `navigator.credentials.get()` with the options the relying party sent, answering with `credentialID`
    /// (or the newest credential for the RP ID).
    mutating func authenticate(
        _ options: PublicKeyCredentialRequestOptionsJSON,
        credentialID: [UInt8]? = nil
    ) throws -> VirtualAssertion {
        guard let challenge = options.challengeBytes else {
            throw RelyingPartyTestError(description: "the request options do not decode")
        }
        return try authenticate(challenge: challenge, credentialID: credentialID)
    }
}

/// JSON bytes of an encodable value.
func jsonBytes(_ value: some Encodable) throws -> [UInt8] {
    Array(try JSONEncoder().encode(value))
}

/// A relying party for `example.com` with in-memory stores and a test clock.
func makeRelyingParty(
    clock: ManualClock = ManualClock(),
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
