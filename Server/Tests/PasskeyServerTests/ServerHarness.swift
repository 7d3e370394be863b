import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PasskeyServer
import PasskeyVerifier
import PasskeyVerifierTesting

/// Runs a test against the server's router on a temporary SQLite file, with the JSON helpers the tests share.
struct ServerHarness: Sendable {
    static let relyingPartyID = "localhost"
    static let origin = "http://localhost:8080"

    static let configuration = ServerConfiguration(
        relyingPartyID: relyingPartyID,
        relyingPartyName: "Passkey Server Tests",
        origins: [origin],
        appleAppIDs: ["ABCDE12345.com.example.passkeys"],
        relatedOrigins: ["https://shop.example"]
    )

    let client: any TestClientProtocol

    /// Runs `body` with a client of a new server on a new SQLite file, removed afterwards; in process
    /// (`.router`) or over a socket (`.live`).
    static func run(
        _ setup: TestingSetup = .router,
        _ body: @escaping @Sendable (ServerHarness) async throws -> Void
    ) async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-server-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        let storage = try await PasskeyStorage.openSQLite(path: path)
        do {
            let router = try PasskeyServerApplication.makeRouter(configuration: configuration, storage: storage)
            let application = Application(router: router)
            try await application.test(setup) { client in
                try await body(ServerHarness(client: client))
            }
        } catch {
            try? await storage.close()
            throw error
        }
        try await storage.close()
    }

    /// A virtual authenticator for the test relying party, with the flags of a synced passkey.
    static func authenticator(flags: AuthenticatorFlags = VirtualAuthenticator.passkeyFlags) -> VirtualAuthenticator {
        VirtualAuthenticator(relyingPartyID: relyingPartyID, origin: origin, flags: flags)
    }

    /// POSTs `body` to `path`.
    func post(_ path: String, bytes body: [UInt8]) async throws -> TestResponse {
        try await client.execute(
            uri: path,
            method: .post,
            headers: [.contentType: "application/json"],
            body: ByteBuffer(bytes: body)
        )
    }

    /// POSTs `value` as JSON to `path`.
    func post(_ path: String, json value: some Encodable) async throws -> TestResponse {
        try await post(path, bytes: Array(try JSONEncoder().encode(value)))
    }

    /// GETs `path`.
    func get(_ path: String) async throws -> TestResponse {
        try await client.execute(uri: path, method: .get)
    }

    /// The creation options `POST /attestation/options` returns for `request`.
    func creationOptions(_ request: AttestationOptionsRequest) async throws -> PublicKeyCredentialCreationOptionsJSON {
        let response = try await post("/attestation/options", json: request)
        try Self.expectOK(response)
        return try Self.decode(PublicKeyCredentialCreationOptionsJSON.self, response)
    }

    /// The request options `POST /assertion/options` returns for `request`.
    func requestOptions(_ request: AssertionOptionsRequest) async throws -> PublicKeyCredentialRequestOptionsJSON {
        let response = try await post("/assertion/options", json: request)
        try Self.expectOK(response)
        return try Self.decode(PublicKeyCredentialRequestOptionsJSON.self, response)
    }

    /// Registers a passkey for `username` with `authenticator` (an `apple:` account with the ticket
    /// `POST /auth/apple` returned) and returns the registration.
    @discardableResult
    func register(
        _ username: String,
        with authenticator: inout VirtualAuthenticator,
        appleRegistrationTicket: String? = nil
    ) async throws -> VirtualRegistration {
        let options = try await creationOptions(
            AttestationOptionsRequest(
                username: username, displayName: username, appleRegistrationTicket: appleRegistrationTicket))
        let registration = try authenticator.register(options: options)
        try Self.expectOK(try await post("/attestation/result", bytes: registration.jsonBytes))
        return registration
    }

    /// `response`'s body decoded as a `Value`.
    static func decode<Value: Decodable>(_ type: Value.Type, _ response: TestResponse) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(response.body.readableBytesView))
    }

    /// Throws unless `response` is `200 {"status": "ok", "errorMessage": ""}`.
    static func expectOK(_ response: TestResponse) throws {
        let common = try decode(CommonResponse.self, response)
        guard response.status == .ok, common == .ok else {
            throw HarnessError("expected 200 ok, got \(response.status): \(common.errorMessage)")
        }
    }

    /// The stable code at the start of a failed response's `errorMessage`.
    static func failureCode(_ response: TestResponse) throws -> String {
        let common = try decode(CommonResponse.self, response)
        guard common.status == "failed" else { throw HarnessError("expected failed, got \(common.status)") }
        return String(common.errorMessage.prefix { $0 != ":" })
    }
}

/// A test expectation that did not hold inside a harness helper.
struct HarnessError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
