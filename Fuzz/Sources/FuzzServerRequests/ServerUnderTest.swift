import Dispatch
import Foundation
import FuzzSupport
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import PasskeyAccounts
import PasskeyHummingbird
import PasskeySignInWithApple
import PasskeyVerifier
import PasskeyVerifierTesting

/// The server of the fuzz target: two routers (the ordinary one and the conformance mode) over one
/// ``MemoryDatabase`` and a fixed clock, and the state every input starts from: the accounts, credentials and
/// pending challenges of the recorded Chromium ceremonies (so that a recorded body verifies), one signed-in
/// session and one Sign in with Apple nonce.
enum ServerUnderTest {
    static let relyingPartyID = "localhost"
    static let origin = "http://localhost:44173"
    static let appleClientID = "com.example.app"
    /// The instant of the Chromium recordings: the server's clock.
    static let instant = Date(timeIntervalSince1970: 1_795_092_439)
    /// The session every input may present (bearer or cookie): alice's.
    static let sessionToken = "fuzzSessionToken" + String(repeating: "A", count: SessionToken.length - 16)
    /// A Sign in with Apple nonce issued before every input.
    static let appleNonce = "fuzzAppleNonce" + String(repeating: "B", count: SessionToken.length - 14)
    static let aliceHandle: [UInt8] = Array(repeating: 0xA1, count: 16)
    /// alice's second passkey (a copy of the recorded key under another ID), so that she can delete one.
    static let aliceSecondCredential: [UInt8] = Array(repeating: 0x5C, count: 32)

    static let database = MemoryDatabase()
    static let fixtures = ChromiumFixtures.load()
    static let appleIssuer: AppleIdentityTokenIssuer? = try? AppleIdentityTokenIssuer(keyIdentifier: "fuzz")

    static func configuration(conformance: Bool) -> ServerConfiguration {
        ServerConfiguration(
            relyingPartyID: relyingPartyID,
            relyingPartyName: "Fuzz",
            origins: [origin],
            appleAppIDs: ["ABCDE12345.com.example.app"],
            relatedOrigins: ["https://shop.example"],
            appleClientIDs: [appleClientID],
            conformance: conformance,
            abuseLimits: AbuseLimits(clientAddressRateLimit: nil, usernameRateLimit: nil)
        )
    }

    /// The responders, the ordinary one first.
    static let responders: [RouterResponder<PasskeyRequestContext>] = [false, true].map { conformance in
        do {
            return try PasskeyServerApplication.makeRouter(
                configuration: configuration(conformance: conformance),
                storage: database.storage,
                appleKeySetSource: FixedAppleKeys(keySet: try appleIssuer?.keySet()),
                clock: { instant },
                context: PasskeyRequestContext.self
            ).buildResponder()
        } catch {
            fatalError("cannot build the router: \(error)")
        }
    }

    static let logger = Logger(label: "fuzz-server-requests", factory: { _ in SwiftLogNoOpLogHandler() })
    static let channel = NIOAsyncTestingChannel()

    /// What every input starts from.
    static let baseline: MemoryDatabase.Snapshot = {
        var state = MemoryDatabase.Snapshot()
        let expiry = instant.addingTimeInterval(600)
        state.accounts[aliceHandle] = Account(username: "alice", userHandle: aliceHandle, displayName: "Alice")
        for (index, registration) in fixtures.registrations.enumerated() {
            let handle = Array(repeating: UInt8(0xC0 + index), count: 16)
            state.challenges[registration.challenge] = IssuedChallenge(
                challenge: registration.challenge,
                ceremony: .registration,
                userHandle: handle,
                issuedAt: instant.addingTimeInterval(-30),
                expiresAt: expiry,
                parameters: CeremonyParameters(
                    userVerification: registration.requiresUserVerification ? .required : .preferred,
                    user: PublicKeyCredentialUserEntityJSON(
                        id: Base64URL.encode(handle), name: "carol\(index)", displayName: "Carol \(index)")
                )
            )
        }
        for authentication in fixtures.authentications {
            let owner = authentication.userHandle ?? aliceHandle
            if state.accounts[owner] == nil {
                state.accounts[owner] = Account(username: "bob\(state.accounts.count)", userHandle: owner)
            }
            state.credentials[authentication.credentialID] = CredentialRecord(
                id: authentication.credentialID,
                publicKey: authentication.publicKey,
                signCount: authentication.signCount,
                backupEligible: authentication.backupEligible,
                backupState: authentication.backupEligible,
                userHandle: owner
            )
            state.challenges[authentication.challenge] = IssuedChallenge(
                challenge: authentication.challenge,
                ceremony: .authentication,
                userHandle: authentication.userHandle == nil ? aliceHandle : nil,
                issuedAt: instant.addingTimeInterval(-30),
                expiresAt: expiry,
                parameters: CeremonyParameters(
                    userVerification: authentication.requiresUserVerification ? .required : .preferred)
            )
        }
        if let first = fixtures.authentications.first(where: { $0.userHandle == nil }) {
            state.credentials[aliceSecondCredential] = CredentialRecord(
                id: aliceSecondCredential, publicKey: first.publicKey, userHandle: aliceHandle, nickname: "Spare")
        }
        let seconds = Int64(instant.timeIntervalSince1970)
        let tokenHash = SessionToken.hash(Substring(sessionToken))
        state.sessions[tokenHash] = SessionRecord(
            tokenHash: tokenHash,
            userHandle: aliceHandle,
            credentialID: aliceSecondCredential,
            createdAt: seconds - 60,
            lastSeenAt: seconds,
            idleExpiresAt: seconds + 3600,
            expiresAt: seconds + 86_400,
            userAgent: "fuzz"
        )
        state.appleSecrets[appleNonce] = AppleSignInSecret(
            value: appleNonce,
            purpose: .nonce,
            username: "",
            expiresAt: Int64(Date().timeIntervalSince1970) + 10 * 365 * 86_400
        )
        return state
    }()

    /// One answer of the server.
    struct Answer {
        var status: Int
        var headers: HTTPFields
        var body: [UInt8]
    }

    /// Sends `request` through the responder (`conformance`: the conformance-mode router) in process, after
    /// restoring ``baseline``, and waits at most 5 s for the answer (a request that takes longer is a finding).
    static func send(_ request: Request, conformance: Bool) -> Answer {
        database.restore(baseline)
        let responder = responders[conformance ? 1 : 0]
        let box = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            let context = PasskeyRequestContext(
                source: ApplicationRequestContextSource(channel: channel, logger: logger))
            let answer: Answer
            do {
                let response = try await responder.respond(to: request, context: context)
                let collector = BodyCollector()
                try await response.body.write(collector)
                answer = Answer(status: response.status.code, headers: response.headers, body: collector.bytes.bytes)
            } catch {
                answer = Answer(status: 599, headers: [:], body: Array("thrown past the middleware: \(error)".utf8))
            }
            box.set(answer)
            done.signal()
        }
        guard done.wait(timeout: .now() + .seconds(5)) == .success, let answer = box.answer else {
            fatalError("fuzz invariant violated: the request did not finish within 5 s")
        }
        return answer
    }
}

/// The answer handed from the request's task to the fuzzer's thread.
final class AnswerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: ServerUnderTest.Answer?

    var answer: ServerUnderTest.Answer? { lock.withLock { stored } }

    func set(_ answer: ServerUnderTest.Answer) {
        lock.withLock { stored = answer }
    }
}

/// The bytes of a response body.
struct BodyCollector: ResponseBodyWriter {
    final class Bytes: @unchecked Sendable {
        var bytes: [UInt8] = []
    }
    let bytes = Bytes()

    func write(_ buffer: ByteBuffer) async throws {
        bytes.bytes.append(contentsOf: buffer.readableBytesView)
        if bytes.bytes.count > 1 << 20 {
            fatalError("fuzz invariant violated: a response body over 1 MiB")
        }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// Apple's keys, fixed: those of the target's own issuer.
struct FixedAppleKeys: AppleKeySetSource {
    let keySet: JSONWebKeySet?

    func keySet(refresh: Bool) async throws -> JSONWebKeySet {
        guard let keySet else { throw AppleKeySetUnavailable("no key set") }
        return keySet
    }
}
