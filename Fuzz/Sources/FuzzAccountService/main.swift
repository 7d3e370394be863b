// The accounts service (PasskeyAccounts) without HTTP: any body or name, on any ceremony step, over in-memory
// storage made anew for each input and a fixed clock, fails with WebAuthnError or AccountError, and a failure stores
// nothing (no session, no credential, no account). The input is
//   byte 0: the step (``Step``); byte 1: flags (bit 0: sealed sign-in challenges; bit 1: unknown usernames
//   concealed); the rest: the body, or the username.
// The seeds are sign-ins and a sign-up made by the test kit's virtual authenticator against the same clock, with a
// fixed passkey key and ID and a counting random source, so that every process makes the same fixture: a seed
// finishes (sealed challenges open under the fixed key whatever their random part), and its mutations reach the
// verifier.
import CFuzzDriver
import Dispatch
import Foundation
import FuzzSupport
import PasskeyAccounts
import PasskeyVerifier
import PasskeyVerifierTesting

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    Fuzzing.writeSeedsIfRequested { Fixture.shared.seeds }
    _ = Fixture.shared
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    fuzz(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

/// The entry point SwiftPM links as `main`: hands the arguments to libFuzzer's driver.
@_cdecl("FuzzAccountService_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

/// What an input drives.
enum Step: UInt8, CaseIterable {
    case finishSignIn, finishSignUp, beginSignIn, beginSignUp

    /// The input's first byte, modulo the number of steps.
    init(byte: UInt8) {
        self = Self.allCases[Int(byte) % Self.allCases.count]
    }
}

/// alice's account and passkey, and the recorded ceremonies, made once at start.
struct Fixture: Sendable {
    static let shared = Fixture.make()
    static let relyingPartyID = "example.com"
    static let origin = "https://example.com"
    static let instant = Date(timeIntervalSince1970: 1_796_000_000)
    static let random = CountingRandom()
    static let sealer = try? ChallengeSealer(
        sealingWith: try ChallengeSealer.Key(identifier: 1, secret: [UInt8](repeating: 0x5E, count: 32)),
        relyingPartyID: relyingPartyID)

    let relyingParty: RelyingParty
    let alice: Account
    let aliceCredential: CredentialRecord
    /// The stored challenges the recorded ceremonies name (the sign-up's, and the stored sign-in's).
    let storedChallenges: [IssuedChallenge]
    let seeds: [[UInt8]]

    /// The service over `storage`, sealing sign-in challenges or not.
    static func service(
        _ relyingParty: RelyingParty, storage: InMemoryAccountStorage, sealed: Bool, concealing: Bool
    ) -> AccountService {
        AccountService(
            relyingParty: relyingParty,
            storage: storage,
            configuration: AccountService.Configuration(
                concealsUnknownUsernames: concealing,
                concealmentKey: [UInt8](repeating: 0xC0, count: 32),
                challengeSealer: sealed ? sealer : nil),
            clock: { instant })
    }

    /// A storage holding alice, her passkey and the recorded stored challenges.
    func storage() async throws -> InMemoryAccountStorage {
        let storage = InMemoryAccountStorage()
        _ = try await storage.stores.users.createAccount(alice)
        _ = try await storage.stores.credentials.insert(aliceCredential)
        for challenge in storedChallenges {
            try await storage.stores.challenges.put(challenge)
        }
        return storage
    }

    static func make() -> Fixture {
        let made = Blocking.run {
            let relyingParty = try RelyingParty(
                configuration: RelyingPartyConfiguration(
                    relyingPartyID: relyingPartyID, relyingPartyName: "Fuzz", origins: [origin]),
                clock: { instant },
                randomBytes: { random.bytes(count: $0) })
            var authenticator = VirtualAuthenticator(
                relyingPartyID: relyingPartyID, origin: origin, signCounter: .incrementing())
            let scratch = InMemoryAccountStorage()
            let signingUp = service(relyingParty, storage: scratch, sealed: false, concealing: false)
            let options = try await signingUp.beginRegistration(.init(username: "alice"), session: nil)
            guard let challenge = options.challengeBytes, let handle = Base64URL.decode(options.user.id) else {
                throw VirtualAuthenticatorError(.invalidParameter, "the creation options do not decode")
            }
            let registration = try authenticator.register(
                challenge: challenge,
                key: try VirtualCredentialKey(ecPrivateScalar: [UInt8](repeating: 0x11, count: 32), curve: .p256),
                credentialID: [UInt8](repeating: 0xCD, count: 16),
                userHandle: handle)
            let signedUp = try await signingUp.finishRegistration(
                json: registration.jsonBytes, session: nil, userAgent: "fuzz")
            let alice = signedUp.account
            let record = try await scratch.stores.credentials.credentials(forUserHandle: alice.userHandle)[0]
            var seeds: [[UInt8]] = []
            var stored: [IssuedChallenge] = []
            for sealed in [true, false] {
                let signingIn = service(relyingParty, storage: scratch, sealed: sealed, concealing: false)
                for username in ["alice", ""] {
                    let request = try await signingIn.beginSignIn(username: username)
                    let assertion = try authenticator.authenticate(options: request)
                    seeds.append([Step.finishSignIn.rawValue, sealed ? 1 : 0] + assertion.jsonBytes)
                    if !sealed, let challenge = request.challengeBytes,
                        let issued = try await scratch.stores.challenges.take(challenge, at: instant)
                    {
                        stored.append(issued)
                    }
                }
            }
            let bob = try await signingUp.beginRegistration(.init(username: "bob", displayName: "Bob"), session: nil)
            var other = VirtualAuthenticator(relyingPartyID: relyingPartyID, origin: origin)
            seeds.append([Step.finishSignUp.rawValue, 1] + (try other.register(options: bob).jsonBytes))
            if let challenge = bob.challengeBytes,
                let issued = try await scratch.stores.challenges.take(challenge, at: instant)
            {
                stored.append(issued)
            }
            seeds += ["alice", "", "nobody", "x@y", "\u{0}"].flatMap { name in
                [[Step.beginSignIn.rawValue, 0b11] + Array(name.utf8), [Step.beginSignUp.rawValue, 1] + Array(name.utf8)]
            }
            return Fixture(
                relyingParty: relyingParty, alice: alice, aliceCredential: record, storedChallenges: stored,
                seeds: seeds)
        }
        guard let made else { fatalError("the fuzz fixture cannot be made") }
        return made
    }
}

/// The relying party's random source: SHA-256 of a counter, the same sequence in every process.
final class CountingRandom: @unchecked Sendable {
    private let lock = NSLock()
    private var counter: UInt64 = 0

    /// The next `count` bytes.
    func bytes(count: Int) -> [UInt8] {
        lock.withLock {
            var bytes: [UInt8] = []
            while bytes.count < count {
                counter += 1
                bytes += HashAlgorithm.sha256.hash(withUnsafeBytes(of: counter.bigEndian, Array.init))
            }
            return Array(bytes.prefix(count))
        }
    }
}

/// Runs async work from the synchronous fuzz entry points.
enum Blocking {
    final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }

    static func run<Value>(_ body: @escaping @Sendable () async throws -> Value) -> Value? {
        let box = Box<Value>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = try? await body()
            done.signal()
        }
        guard done.wait(timeout: .now() + .seconds(5)) == .success else {
            fatalError("fuzz invariant violated: a step did not finish within 5 s")
        }
        return box.value
    }
}

func fuzz(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let step = Step(byte: input.byte())
    let flags = input.byte()
    let body = input.rest()
    let fixture = Fixture.shared
    let finished = Blocking.run { () -> Bool in
        let storage = try await fixture.storage()
        let service = Fixture.service(
            fixture.relyingParty, storage: storage, sealed: flags & 1 != 0, concealing: flags & 2 != 0)
        let stores = storage.stores
        let sessionsBefore = try await stores.sessions.activeSessionCount(at: 1_796_000_000)
        do {
            switch step {
            case .finishSignIn:
                let signIn = try await service.finishSignIn(json: body, userAgent: "fuzz")
                Fuzzing.check(signIn.account == fixture.alice, "a sign-in finished for \(signIn.account.username)")
                let sessions = try await stores.sessions.activeSessionCount(at: 1_796_000_000)
                Fuzzing.check(sessions == sessionsBefore + 1, "a sign-in stored \(sessions - sessionsBefore) sessions")
            case .finishSignUp:
                _ = try await service.finishRegistration(json: body, session: nil, userAgent: "fuzz")
            case .beginSignIn:
                _ = try await service.beginSignIn(username: String(decoding: body, as: UTF8.self))
            case .beginSignUp:
                _ = try await service.beginRegistration(
                    .init(username: String(decoding: body, as: UTF8.self)), session: nil)
            }
            return true
        } catch {
            Fuzzing.check(
                error is WebAuthnError || error is AccountError,
                "\(step) failed with \(type(of: error)), not WebAuthnError or AccountError: \(error)")
            let sessions = try await stores.sessions.activeSessionCount(at: 1_796_000_000)
            Fuzzing.check(sessions == sessionsBefore, "a failed \(step) stored a session")
            let aliceCredentials = try await stores.credentials.credentials(
                forUserHandle: fixture.alice.userHandle
            ).count
            Fuzzing.check(aliceCredentials == 1, "a failed \(step) changed alice's passkeys")
            Fuzzing.check(
                try await stores.users.existingUserHandle(forUsername: "bob") == nil,
                "a failed \(step) created an account")
            return false
        }
    }
    Fuzzing.check(finished != nil, "the storage of a \(step) failed")
}
