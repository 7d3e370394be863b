import Foundation
import PasskeyCrypto
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The generated metadata services, instants and BLOB helpers shared by the metadata tests.
enum MetadataTestSupport {
    /// 2026-01-01T00:00:00Z, the instant every metadata test verifies at.
    static let instant = Date(timeIntervalSince1970: 1_767_225_600)
    /// A `nextUpdate` a month after ``instant``.
    static let nextUpdate = "2026-02-01"

    static let es256Service: VirtualMetadataService? = try? VirtualMetadataService()
    static let rs256Service: VirtualMetadataService? = try? VirtualMetadataService(algorithmName: "RS256")
    static let ps256Service: VirtualMetadataService? = try? VirtualMetadataService(algorithmName: "PS256")
    static let otherService: VirtualMetadataService? = try? VirtualMetadataService()
    /// A service whose signing certificate expired on 2025-06-01.
    static let expiredSignerService: VirtualMetadataService? = try? VirtualMetadataService(
        signerNotValidAfter: Date(timeIntervalSince1970: 1_748_736_000))

    static func service() throws -> VirtualMetadataService {
        try #require(es256Service)
    }

    /// One simple entry for an AAGUID (no attestation roots).
    static func simpleEntry(_ aaguid: AAGUID, description: String = "Simple Key") -> String {
        VirtualMetadataService.entry(aaguid: aaguid, description: description, attestationRootCertificates: [])
    }

    static let aaguidA = AAGUID(uuidString: "aaaaaaaa-0000-4000-8000-000000000001") ?? .zero
    static let aaguidB = AAGUID(uuidString: "bbbbbbbb-0000-4000-8000-000000000002") ?? .zero

    /// A BLOB of `entries` signed by `service`, serial `serialNumber`.
    static func blob(
        _ service: VirtualMetadataService,
        serialNumber: Int = 7,
        nextUpdate: String = nextUpdate,
        entries: [String]
    ) throws -> [UInt8] {
        try service.blob(
            payload: VirtualMetadataService.payload(
                serialNumber: serialNumber, nextUpdate: nextUpdate, entries: entries))
    }

    /// Loads `bytes` with `service`'s root at ``instant``.
    static func load(
        _ bytes: [UInt8],
        root service: VirtualMetadataService,
        revocationLists: [CertificateRevocationList] = [],
        at verificationInstant: Date = instant,
        stalePolicy: MetadataStalePolicy = .reject,
        previousSerialNumber: Int? = nil
    ) throws -> MetadataBLOB {
        try MetadataBLOB(
            jws: bytes,
            trustAnchors: [service.rootCertificate],
            revocationLists: revocationLists,
            verificationInstant: verificationInstant,
            stalePolicy: stalePolicy,
            previousSerialNumber: previousSerialNumber
        )
    }

    /// The error a throwing body produced, as a `WebAuthnError`.
    static func error(_ body: () throws -> Void) -> WebAuthnError? {
        do {
            try body()
            return nil
        } catch {
            return error as? WebAuthnError
        }
    }

    // MARK: - Virtual registrations

    /// The RP ID of the virtual authenticators the metadata tests register with.
    static let relyingPartyID = "example.com"
    /// The challenge of those registrations.
    static let registrationChallenge: [UInt8] = Array("a registration challenge".utf8)

    /// Expectations for a virtual registration with ``registrationChallenge`` at `https://example.com`, verified at
    /// `instant`.
    static func registrationExpectations(at instant: Date = instant) -> RegistrationExpectations {
        RegistrationExpectations(
            relyingPartyID: relyingPartyID,
            origins: ["https://\(relyingPartyID)"],
            challenge: registrationChallenge,
            userVerification: .required,
            crossOrigin: .forbidden,
            verificationInstant: instant
        )
    }

    // MARK: - Recorded registrations

    /// `Fixtures/`, beside `Tests/`.
    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The recorded registration `relativePath` of `Fixtures/` with the expectations it was recorded under (its RP
    /// ID, origins, challenge and instant), and the recording, for its trust anchors.
    static func recordedRegistration(
        _ relativePath: String
    ) throws -> (response: RegistrationResponse, expectations: RegistrationExpectations, ceremony: RecordedCeremony) {
        let ceremony = try RecordedCeremony.load(contentsOf: fixturesDirectory.appendingPathComponent(relativePath))
        guard case .registration(let json) = ceremony.response else {
            throw WebAuthnError(.malformedInput, "\(relativePath) is not a registration")
        }
        let expectations = RegistrationExpectations(
            relyingPartyID: ceremony.rpId,
            origins: Set(ceremony.origins),
            challenge: try #require(Base64URL.decode(ceremony.challenge)),
            verificationInstant: try #require(ceremony.at.flatMap(ISO8601DateFormatter().date(from:))))
        return (try RegistrationResponse(json), expectations, ceremony)
    }

    /// The certificates of the PEM file `relativePath` of `Fixtures/`.
    static func fixtureCertificates(_ relativePath: String) throws -> [Certificate] {
        let url = fixturesDirectory.appendingPathComponent(relativePath)
        return try Certificate.certificates(fromPEM: String(decoding: Data(contentsOf: url), as: UTF8.self))
    }
}
