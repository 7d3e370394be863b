#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PasskeyHummingbird
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting

/// `passkey-server serve --conformance --metadata BLOB --metadata-root ROOT… --metadata-crl CRL…` in process: the
/// router the command builds, on a temporary SQLite file, with the metadata refresher started on
/// ``ConformanceMetadata``'s BLOB; and the requests the cases send, as the conformance tools send them (raw JSON).
struct ConformanceServer: Sendable {
    let harness: ServerHarness
    let metadata: ConformanceMetadata
    /// The server's metadata service, which the MDS3 cases offer the defective BLOBs to.
    let metadataService: MetadataService

    /// Runs `body` with a new conformance server.
    static func run(_ body: @escaping @Sendable (ConformanceServer) async throws -> Void) async throws {
        let metadata = try ConformanceMetadata()
        let directory = FileManager.default.temporaryDirectory
        let blobPath = directory.appendingPathComponent("conformance-\(UUID().uuidString).jwt").path
        let databasePath = directory.appendingPathComponent("conformance-\(UUID().uuidString).sqlite").path
        defer {
            for path in [blobPath, databasePath, databasePath + "-wal", databasePath + "-shm"] {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        try Data(try metadata.startingBLOB()).write(to: URL(fileURLWithPath: blobPath))
        let settings = MetadataSettings(
            source: .file(path: blobPath),
            trustAnchors: metadata.trustAnchors,
            revocationLists: metadata.revocationLists
        )
        var configuration = ServerHarness.configuration
        configuration.conformance = true
        configuration.metadata = settings
        let storage = try await PasskeyStorage.openSQLite(path: databasePath)
        do {
            let refresher = MetadataRefresher(
                service: settings.makeService(store: storage.metadataStore),
                source: settings.source,
                logger: Logger(label: "conformance")
            )
            try await refresher.start()
            let router = try PasskeyServerApplication.makeRouter(
                configuration: configuration,
                storage: storage,
                metadataService: refresher.service
            )
            try await Application(router: router).test(.router) { client in
                try await body(
                    ConformanceServer(
                        harness: ServerHarness(client: client), metadata: metadata,
                        metadataService: refresher.service))
            }
        } catch {
            try? await storage.close()
            throw error
        }
        try await storage.close()
    }

    // MARK: - Accounts and authenticators

    /// A username no other case uses.
    static func newUsername() -> String { "conformance-\(UUID().uuidString.lowercased())" }

    /// A virtual authenticator for the server's origin.
    static func authenticator(
        attestation: VirtualAttestation = .none,
        aaguid: AAGUID = .zero,
        flags: AuthenticatorFlags = VirtualAuthenticator.passkeyFlags,
        signCounter: VirtualAuthenticator.SignCounter = .zero
    ) -> VirtualAuthenticator {
        VirtualAuthenticator(
            relyingPartyID: ServerHarness.relyingPartyID, origin: ServerHarness.origin, attestation: attestation,
            aaguid: aaguid, flags: flags, signCounter: signCounter)
    }

    // MARK: - Requests

    /// POSTs the JSON object `object` to `path` and returns the answer.
    func post(_ path: String, _ object: [String: Any]) async throws -> ConformanceAnswer {
        try await post(path, bytes: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    /// POSTs `bytes` to `path` and returns the answer.
    func post(_ path: String, bytes: some Sequence<UInt8>) async throws -> ConformanceAnswer {
        let response = try await harness.post(path, bytes: Array(bytes))
        let common = try ServerHarness.decode(CommonResponse.self, response)
        return ConformanceAnswer(
            httpStatus: Int(response.status.code), status: common.status, errorMessage: common.errorMessage)
    }

    /// The raw answer of `POST /attestation/options` for `request`, which must succeed, as a JSON object.
    func creationOptionsObject(_ request: [String: Any]) async throws -> [String: Any] {
        let response = try await harness.post(
            "/attestation/options", bytes: Array(try JSONSerialization.data(withJSONObject: request)))
        try ServerHarness.expectOK(response)
        return try Self.object(Array(response.body.readableBytesView))
    }

    /// The creation options for a new `username` (a new one when `nil`) asking for `attestation`.
    func creationOptions(
        username: String = newUsername(),
        attestation: String = "direct",
        extra: [String: Any] = [:]
    ) async throws -> PublicKeyCredentialCreationOptionsJSON {
        var request: [String: Any] = ["username": username, "displayName": "Conformance", "attestation": attestation]
        request.merge(extra) { _, new in new }
        let response = try await harness.post(
            "/attestation/options", bytes: Array(try JSONSerialization.data(withJSONObject: request)))
        try ServerHarness.expectOK(response)
        return try ServerHarness.decode(PublicKeyCredentialCreationOptionsJSON.self, response)
    }

    /// A registration of `authenticator` for new options asking for `attestation`.
    func registration(
        with authenticator: inout VirtualAuthenticator,
        username: String = newUsername(),
        attestation: String = "direct",
        algorithm key: VirtualCredentialKey? = nil
    ) async throws -> VirtualRegistration {
        let options = try await creationOptions(username: username, attestation: attestation)
        guard let key else { return try authenticator.register(options: options) }
        let userHandle = Base64URL.decode(options.user.id)
        return try authenticator.register(challenge: options.challengeBytes ?? [], key: key, userHandle: userHandle)
    }

    /// Registers `authenticator` for `username` and requires success.
    func register(_ authenticator: inout VirtualAuthenticator, username: String) async throws {
        let registration = try await registration(with: &authenticator, username: username, attestation: "none")
        let answer = try await post("/attestation/result", bytes: registration.jsonBytes)
        guard answer.status == "ok" else { throw HarnessError("the registration failed: \(answer.errorMessage)") }
    }

    /// The request options for `username` with `userVerification`.
    func requestOptions(
        username: String,
        userVerification: String = "preferred"
    ) async throws -> PublicKeyCredentialRequestOptionsJSON {
        let request: [String: Any] = ["username": username, "userVerification": userVerification]
        let response = try await harness.post(
            "/assertion/options", bytes: Array(try JSONSerialization.data(withJSONObject: request)))
        try ServerHarness.expectOK(response)
        return try ServerHarness.decode(PublicKeyCredentialRequestOptionsJSON.self, response)
    }

    // MARK: - JSON

    /// `bytes` parsed as a JSON object.
    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw HarnessError("not a JSON object")
        }
        return object
    }

    /// The JSON object of `bytes` (a response a virtual authenticator made) after `change`.
    static func edited(_ bytes: [UInt8], _ change: (inout [String: Any]) -> Void) throws -> [String: Any] {
        var object = try object(bytes)
        change(&object)
        return object
    }

    /// The JSON object of `bytes` with `response.<member>` set to `value` (`nil` removes it).
    static func editedResponse(_ bytes: [UInt8], _ member: String, _ value: Any?) throws -> [String: Any] {
        try edited(bytes) { object in
            var response = object["response"] as? [String: Any] ?? [:]
            response[member] = value
            object["response"] = response
        }
    }
}
#endif
