#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PasskeyHummingbird
import Testing

// README Hummingbird example begins.
/// A host's router: its own routes (`/`, and `/account` for signed-in users) and the passkey routes under `/passkeys`.
func makeHostRouter(storage: PasskeyStorage) throws -> Router<PasskeyRequestContext> {
    let configuration = ServerConfiguration(relyingPartyID: "localhost", origins: ["http://localhost:8080"])
    let sessions = SessionIssuer(sessionStore: storage.sessionStore, policy: configuration.sessionPolicy) { Date() }
    let router = Router(context: PasskeyRequestContext.self)
    router.get("/") { _, _ in "hello" }
    router.group("account").add(middleware: SessionAuthenticator(sessions: sessions))
        .get { _, context -> String in
            guard context.identity != nil else { throw HTTPError(.unauthorized) }
            return "your account"
        }
    try PasskeyServerApplication.addRoutes(
        to: router, prefix: "/passkeys", configuration: configuration, storage: storage)
    return router
}

/// Serves the host until SIGTERM or SIGINT, with the job that deletes expired rows; closes the database on any way out.
func runHost(database: String) async throws {
    let storage = try await PasskeyStorage.openSQLite(path: database)
    let logger = Logger(label: "host")
    do {
        let application = Application(
            router: try makeHostRouter(storage: storage),
            server: .guardedHTTP1(AbuseLimits()),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 8080)),
            services: [ExpiredRowsCleanup(storage: storage, logger: logger)],
            logger: logger
        )
        try await application.runService()
    } catch {
        try? await storage.close()
        throw error
    }
    try await storage.close()
}
// README Hummingbird example ends.

/// The README's "Add passkeys to your Hummingbird app": the code between the markers above is, line for line, a
/// `swift` block of README.md (after its import lines), and it serves the host's routes (its own `/` among them) and
/// the passkey routes under `/passkeys` side by side.
@Suite struct HummingbirdExampleTests {
    @Test func theHostServesItsRoutesAndThePasskeyRoutes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("host-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = try await PasskeyStorage.openSQLite(path: directory.appendingPathComponent("host.sqlite").path)
        do {
            let application = Application(router: try makeHostRouter(storage: storage))
            try await application.test(.router) { client in
                try await client.execute(uri: "/", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body) == "hello")
                }
                try await client.execute(uri: "/account", method: .get) { response in
                    #expect(response.status == .unauthorized)
                }
                try await client.execute(
                    uri: "/passkeys/attestation/options", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"username": "host-user"}"#)
                ) { response in
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body).contains(#""rp":"#))
                }
                try await client.execute(uri: "/passkeys/credentials", method: .get) { response in
                    #expect(response.status == .unauthorized)
                }
            }
        } catch {
            try? await storage.close()
            throw error
        }
        try await storage.close()
    }

    @Test func theReadmeShowsTheTestedCode() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md"),
            encoding: .utf8
        )
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let begin = "// README Hummingbird example begins.\n"
        let end = "// README Hummingbird example ends.\n"
        let tested = try #require(
            source.components(separatedBy: begin).dropFirst().first?.components(separatedBy: end).first)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
        #expect(
            blocks.contains { $0.hasSuffix(tested) }, "README.md has no swift block ending with the example's lines")
    }
}
#endif
