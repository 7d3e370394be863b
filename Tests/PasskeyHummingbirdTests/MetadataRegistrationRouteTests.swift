#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

@testable import PasskeyHTTP
@testable import PasskeyHummingbird

/// Registrations through the routes under `--metadata` (FIDO Metadata Service v3.0 §3.2; WebAuthn Level 3 §7.1
/// steps 23–25): the BLOB of a `VirtualMetadataService` lists one model with the root of a packed attestation; an
/// unlisted model is refused with `refuse` and accepted as unverified with `accept-unverified`; the listed model
/// registers and `GET /credentials` names it by its metadata statement's `description` and `icon`.
@Suite struct MetadataRegistrationRouteTests {
    /// 2026-01-01T00:00:00Z: the server's instant and the BLOB's verification instant.
    static let instant = Date(timeIntervalSince1970: 1_767_225_600)
    /// A model the BLOB lists; unknown to the community list.
    static let listedAAGUID = AAGUID(uuidString: "aaaaaaaa-0000-4000-8000-00000000000a") ?? .zero
    /// A model the BLOB does not list.
    static let unlistedAAGUID = AAGUID(uuidString: "bbbbbbbb-0000-4000-8000-00000000000b") ?? .zero
    static let description = "Virtual Metadata Key"
    static let icon = "data:image/png;base64,iVBORw0KGgo="

    /// The metadata service, the packed attestation the BLOB's entry names the root of, and the BLOB's file.
    struct Fixture {
        let metadata: VirtualMetadataService
        let attestation: VirtualAttestation
        let blobPath: String

        init() throws {
            metadata = try VirtualMetadataService()
            attestation = try VirtualAttestation.packed()
            let entry = VirtualMetadataService.entry(
                aaguid: MetadataRegistrationRouteTests.listedAAGUID,
                description: MetadataRegistrationRouteTests.description,
                attestationRootCertificates: [try #require(attestation.rootCertificate)]
            )
            let blob = try metadata.blob(
                payload: VirtualMetadataService.payload(serialNumber: 3, nextUpdate: "2026-02-01", entries: [entry]))
            blobPath =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("passkey-metadata-\(UUID().uuidString).jwt").path
            try Data(blob).write(to: URL(fileURLWithPath: blobPath))
        }

        /// A server configuration with `--metadata` on the BLOB's file, `policy` and `minimumCertification`.
        func configuration(
            _ policy: UnlistedAuthenticatorPolicy,
            minimumCertification: AuthenticatorStatus? = nil
        ) -> ServerConfiguration {
            var configuration = ServerHarness.configuration
            configuration.metadata = MetadataSettings(
                source: .file(path: blobPath),
                policy: policy,
                minimumCertificationLevel: minimumCertification,
                trustAnchors: [metadata.rootCertificate]
            )
            return configuration
        }

        /// A virtual authenticator of model `aaguid` with the packed attestation.
        func authenticator(_ aaguid: AAGUID) -> VirtualAuthenticator {
            VirtualAuthenticator(
                relyingPartyID: ServerHarness.relyingPartyID,
                origin: ServerHarness.origin,
                attestation: attestation,
                aaguid: aaguid
            )
        }
    }

    /// Runs `body` against a server started as `passkey-server serve --metadata` starts: the refresher loads the
    /// BLOB first (into the SQLite database), then the router verifies registrations with its current BLOB.
    static func run(
        _ configuration: ServerConfiguration,
        _ body: @escaping @Sendable (ServerHarness) async throws -> Void
    ) async throws {
        let settings = try #require(configuration.metadata)
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-server-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let storage = try await PasskeyStorage.openSQLite(path: path)
        do {
            let refresher = MetadataRefresher(
                service: settings.makeService(store: storage.metadataStore),
                source: settings.source,
                clock: { Self.instant },
                logger: Logger(label: "metadata-registration-test")
            )
            try await refresher.start()
            #expect(try await storage.metadataStore?.loadMetadataBLOB()?.serialNumber == 3)
            let router = try PasskeyServerApplication.makeRouter(
                configuration: configuration,
                storage: storage,
                metadataService: refresher.service,
                clock: { Self.instant }
            )
            try await Application(router: router).test(.router) { client in
                try await body(ServerHarness(client: client))
            }
        } catch {
            try? await storage.close()
            throw error
        }
        try await storage.close()
    }

    /// The code of the failed `POST /attestation/result` of `authenticator` for `username`.
    static func refusedRegistration(
        _ server: ServerHarness,
        _ username: String,
        with authenticator: inout VirtualAuthenticator
    ) async throws -> String {
        let options = try await server.creationOptions(
            AttestationOptionsRequest(username: username, displayName: username))
        #expect(options.attestation == .direct)
        let registration = try authenticator.register(options: options)
        let response = try await server.post("/attestation/result", bytes: registration.jsonBytes)
        #expect(response.status == .badRequest)
        return try ServerHarness.failureCode(response)
    }

    @Test func withRefuseTheListedAuthenticatorRegistersAndAnUnlistedOneIsRefused() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.blobPath) }
        try await Self.run(fixture.configuration(.refuse)) { server in
            var unlisted = fixture.authenticator(Self.unlistedAAGUID)
            let refused = try await Self.refusedRegistration(server, "mallory", with: &unlisted)
            #expect(refused == "untrustedAttestation")
            var selfAttested = VirtualAuthenticator(
                relyingPartyID: ServerHarness.relyingPartyID, origin: ServerHarness.origin,
                attestation: .none, aaguid: Self.listedAAGUID)
            let refusedWithoutAttestation = try await Self.refusedRegistration(server, "eve", with: &selfAttested)
            #expect(refusedWithoutAttestation == "untrustedAttestation")

            var listed = fixture.authenticator(Self.listedAAGUID)
            let (_, answer) = try await server.signUp("alice", with: &listed)
            let list = try ServerHarness.decode(
                CredentialListResponse.self, try await server.signedIn(answer.sessionToken).get("/credentials"))
            let summary = try #require(list.credentials.first)
            #expect(list.credentials.count == 1)
            #expect(summary.aaguid == Self.listedAAGUID.uuidString)
            #expect(summary.authenticatorName == Self.description)
            #expect(summary.authenticatorIconLight == Self.icon && summary.authenticatorIconDark == Self.icon)
            _ = try await server.signIn("alice", with: &listed)
        }
    }

    @Test func aMinimumCertificationAboveTheEntrysIsRefused() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.blobPath) }
        try await Self.run(fixture.configuration(.refuse, minimumCertification: .fidoCertifiedL2)) { server in
            var listed = fixture.authenticator(Self.listedAAGUID)
            let refused = try await Self.refusedRegistration(server, "alice", with: &listed)
            #expect(refused == "uncertifiedAuthenticator")
        }
    }

    @Test func withAcceptUnverifiedAnUnlistedAuthenticatorRegistersUnnamed() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.blobPath) }
        try await Self.run(fixture.configuration(.acceptUnverified)) { server in
            var unlisted = fixture.authenticator(Self.unlistedAAGUID)
            let (_, answer) = try await server.signUp("bob", with: &unlisted)
            let signedIn = server.signedIn(answer.sessionToken)
            var listed = fixture.authenticator(Self.listedAAGUID)
            try await signedIn.register("bob", with: &listed)
            let list = try ServerHarness.decode(CredentialListResponse.self, try await signedIn.get("/credentials"))
            #expect(list.credentials.map(\.authenticatorName) == [nil, Self.description])
            _ = try await server.signIn("bob", with: &unlisted)
        }
    }

    @Test func withoutMetadataAnyAttestationRegistersAsBefore() async throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.blobPath) }
        try await ServerHarness.run { server in
            let options = try await server.creationOptions(
                AttestationOptionsRequest(username: "carol", displayName: "carol"))
            #expect(options.attestation == AttestationConveyancePreference.none)
            var unlisted = fixture.authenticator(Self.unlistedAAGUID)
            let registration = try unlisted.register(options: options)
            let response = try await server.post("/attestation/result", bytes: registration.jsonBytes)
            try ServerHarness.expectOK(response)
            let answer = try ServerHarness.decode(SignedInResponse.self, response)
            let list = try ServerHarness.decode(
                CredentialListResponse.self, try await server.signedIn(answer.sessionToken).get("/credentials"))
            #expect(list.credentials.map(\.authenticatorName) == [nil])
        }
    }
}
#endif
