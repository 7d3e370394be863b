#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting

/// `passkey-sign-in-workload COUNT`: the server's hot path for the instruction-count guard
/// (`.ci/instruction-guard.sh`): registers one passkey, then signs in with it `COUNT` times through the routes of
/// `PasskeyServerApplication.makeRouter` in process (Hummingbird's router test client: no socket, no HTTP codec),
/// on a new SQLite file with `synchronous = FULL` and sealed sign-in challenges, as `passkey-server serve` runs it by
/// default. A sign-in is
/// `POST /assertion/options` with `{}` (a discoverable sign-in, as with autofill), an ES256 assertion made by a
/// ``PasskeyVerifierTesting/VirtualAuthenticator``, and `POST /assertion/result`, whose answer must be `200` with
/// the username; anything else ends the run with exit status 1.
///
/// `main` is synchronous and waits on a semaphore for the run, a detached task (a task that inherited the main
/// actor would wait for the blocked main thread), then exits: an `async` main ends in
/// `dispatch_main`, whose `sigsuspend` on a read-only signal mask stops valgrind 3.19 (Debian 12) with an
/// internal error before a count comes out.
@main
enum SignInWorkload {
    static let relyingPartyID = "localhost"
    static let origin = "http://localhost:8080"
    static let username = "workload"

    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 1, let count = arguments.first.flatMap({ Int($0) }), count >= 0 else {
            FileHandle.standardError.write(Data("usage: passkey-sign-in-workload COUNT\n".utf8))
            exit(2)
        }
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                try await signIn(count: count)
            } catch {
                FileHandle.standardError.write(Data("passkey-sign-in-workload: \(error)\n".utf8))
                exit(1)
            }
            finished.signal()
        }
        finished.wait()
        exit(0)
    }

    /// Opens a new SQLite file, runs the sign-ins on it, and removes it.
    static func signIn(count: Int) async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-sign-in-workload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = try await PasskeyStorage.openSQLite(
            path: directory.appendingPathComponent("passkeys.sqlite").path,
            synchronous: .full
        )
        do {
            try await run(count: count, storage: storage)
        } catch {
            try? await storage.close()
            throw error
        }
        try await storage.close()
    }

    /// Registers the passkey, then signs in `count` times.
    static func run(count: Int, storage: PasskeyStorage) async throws {
        var configuration = ServerConfiguration(
            relyingPartyID: relyingPartyID,
            relyingPartyName: "Sign-in workload",
            origins: [origin],
            abuseLimits: AbuseLimits(clientAddressRateLimit: nil, usernameRateLimit: nil)
        )
        configuration.challengeKeys = try await storage.sharedChallengeKey().map { [$0] } ?? []
        let router = try PasskeyServerApplication.makeRouter(configuration: configuration, storage: storage)
        try await Application(router: router).test(.router) { client in
            var authenticator = VirtualAuthenticator(relyingPartyID: relyingPartyID, origin: origin)
            let creation = try await post(
                "/attestation/options",
                Array(try JSONEncoder().encode(AttestationOptionsRequest(username: username))),
                client
            )
            let registration = try authenticator.register(
                options: try JSONDecoder().decode(PublicKeyCredentialCreationOptionsJSON.self, from: creation)
            )
            _ = try await post("/attestation/result", registration.jsonBytes, client)
            for _ in 0..<count {
                let options = try await post("/assertion/options", Array("{}".utf8), client)
                let assertion = try authenticator.authenticate(
                    options: try JSONDecoder().decode(PublicKeyCredentialRequestOptionsJSON.self, from: options)
                )
                let answer = try await post("/assertion/result", assertion.jsonBytes, client)
                guard try JSONDecoder().decode(SignedInResponse.self, from: answer).username == username else {
                    throw WorkloadFailure("the sign-in answered another username")
                }
            }
        }
    }

    /// POSTs `body` to `path` and returns the answer's body, which must be `200`.
    static func post(_ path: String, _ body: [UInt8], _ client: some TestClientProtocol) async throws -> Data {
        let response = try await client.execute(
            uri: path,
            method: .post,
            headers: [.contentType: "application/json"],
            body: ByteBuffer(bytes: body)
        )
        guard response.status == .ok else {
            throw WorkloadFailure("\(path) answered \(response.status.code)")
        }
        return Data(response.body.readableBytesView)
    }
}

/// A run that did not go as a sign-in must.
struct WorkloadFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
#endif
