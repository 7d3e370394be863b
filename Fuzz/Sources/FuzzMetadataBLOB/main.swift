import PasskeyMetadata

// The FIDO Metadata Service BLOB reader (FIDO Metadata Service v3.0 §3.1, §3.2): any input loads or throws
// WebAuthnError, as a whole BLOB (JWS, chain, signature, payload), as the payload JSON of its middle part, and as
// payload JSON itself; what parses keeps its bounds and its lookups agree with its entries. A payload that parses
// is signed by the generated service and drives a packed registration through a MetadataTrustPolicy (the
// metadata branch of RegistrationVerifier), which verifies or throws a coded WebAuthnError. The input is also
// read as a certificate revocation list, which parses or throws.
import CFuzzDriver
import Foundation
import FuzzSupport
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    Fuzzing.writeSeedsIfRequested { seeds() }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    fuzz(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

/// The entry point SwiftPM links as `main`: hands the arguments to libFuzzer's driver.
@_cdecl("FuzzMetadataBLOB_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

/// The generated metadata service whose root the whole-BLOB layer trusts (new keys per process: seeds written by
/// another process reach the payload through the middle-part layer).
let service = try? VirtualMetadataService()
let attestation = try? VirtualAttestation.packed()
/// 2026-01-01T00:00:00Z.
let instant = Date(timeIntervalSince1970: 1_767_225_600)

/// The model the seeds' first entry describes and the registration claims.
let seedAAGUID = AAGUID(uuidString: "aaaaaaaa-0000-4000-8000-000000000001") ?? .zero
let challenge = Array("a registration challenge".utf8)

/// A packed registration by ``seedAAGUID`` whose attestation chains to `attestation`'s root, made once.
let registration: (response: RegistrationResponse, expectations: RegistrationExpectations)? = {
    guard let attestation else { return nil }
    var authenticator = VirtualAuthenticator(
        relyingPartyID: "example.com", attestation: attestation, aaguid: seedAAGUID)
    guard let made = try? authenticator.register(challenge: challenge, algorithm: .es256, userHandle: nil),
        let response = try? RegistrationResponse(json: made.jsonBytes)
    else { return nil }
    let expectations = RegistrationExpectations(
        relyingPartyID: "example.com", origins: ["https://example.com"], challenge: challenge,
        verificationInstant: instant)
    return (response, expectations)
}()

/// Signs `payload`, loads it and verifies the registration under it, without and with a minimum certification.
func verifyRegistration(under payload: [UInt8]) {
    guard let service, let registration, let signed = try? service.blob(payload: payload),
        let blob = try? MetadataBLOB(
            jws: signed, trustAnchors: [service.rootCertificate], verificationInstant: instant,
            stalePolicy: .acceptStale)
    else { return }
    for minimum in [nil, AuthenticatorStatus.fidoCertifiedL1] {
        let policy = MetadataTrustPolicy(blob: blob, minimumCertificationLevel: minimum)
        do {
            let verified = try RegistrationVerifier(trustAnchors: .empty, metadata: policy).verify(
                registration.response, expecting: registration.expectations)
            Fuzzing.check(verified.attestationTrust == .trusted, "verified without a trusted attestation")
            Fuzzing.check(verified.metadataEntry != nil, "trusted with no anchor but metadata's, and no entry")
        } catch {
            Fuzzing.check(!error.code.name.isEmpty, "an error without a code")
        }
    }
}

func seeds() -> [[UInt8]] {
    guard let service, let root = attestation?.rootCertificate else { return [] }
    let aaguid: AAGUID? = seedAAGUID
    let entries = [
        VirtualMetadataService.entry(
            aaguid: aaguid, description: "Key", attestationRootCertificates: [root],
            attestationTypes: ["basic_full", "attca"],
            statusReports: [("FIDO_CERTIFIED_L1", "2024-01-01"), ("REVOKED", "2025-01-01")]),
        VirtualMetadataService.entry(
            aaguid: nil, description: "U2F", attestationRootCertificates: [],
            attestationCertificateKeyIdentifiers: [String(repeating: "ab", count: 20)]),
        "{\"aaguid\":\"broken\",\"statusReports\":[{\"status\":1}]}",
    ]
    let payloads = [
        VirtualMetadataService.payload(serialNumber: 3, nextUpdate: "2026-02-01", entries: entries),
        VirtualMetadataService.payload(serialNumber: 0, nextUpdate: "2025-02-01", entries: []),
        VirtualMetadataService.payload(
            serialNumber: 4, nextUpdate: "2026-02-01",
            entries: [
                VirtualMetadataService.entry(
                    aaguid: aaguid, description: "Certified Key", attestationRootCertificates: [root])
            ]),
    ]
    var seeds = payloads
    seeds += payloads.compactMap { try? service.blob(payload: $0) }
    if let lists = try? service.revocationLists(
        thisUpdate: instant, nextUpdate: instant.addingTimeInterval(86_400), revokingSigner: true)
    {
        seeds += lists.map(\.derEncoded)
    }
    return seeds
}

func check(_ payload: MetadataBLOBPayload) {
    Fuzzing.check(payload.entries.count <= MetadataBLOBPayload.maximumEntryCount, "more entries than the bound")
    Fuzzing.check(payload.serialNumber >= 0, "negative serial number")
    var previous = -1
    for issue in payload.skippedEntries {
        Fuzzing.check(issue.index > previous, "skipped entries out of order")
        previous = issue.index
    }
    for entry in payload.entries {
        if let aaguid = entry.aaguid {
            Fuzzing.check(payload.entry(aaguid: aaguid)?.aaguid == aaguid, "an entry is not found by its aaguid")
        }
        for identifier in entry.attestationCertificateKeyIdentifiers {
            Fuzzing.check(identifier.utf8.count == 40, "a key identifier is not 40 digits")
            Fuzzing.check(
                payload.entry(attestationCertificateKeyIdentifier: identifier) != nil,
                "an entry is not found by its key identifier")
        }
        if let latest = entry.latestStatusReport(at: instant) {
            Fuzzing.check((latest.effectiveDate ?? .distantPast) <= instant, "a status in force from the future")
        }
        _ = entry.certificationStatus(at: instant)
    }
}

func fuzz(_ bytes: [UInt8]) {
    if let service {
        do {
            let blob = try MetadataBLOB(
                jws: bytes, trustAnchors: [service.rootCertificate], verificationInstant: instant,
                stalePolicy: .acceptStale)
            check(blob.payload)
        } catch {
            Fuzzing.check(!error.code.name.isEmpty, "an error without a code")
        }
    }
    let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    if parts.count == 3, let payload = Base64URL.decode(String(decoding: parts[1], as: UTF8.self)) {
        if let parsed = try? MetadataBLOBPayload(jsonBytes: payload) {
            check(parsed)
        }
    }
    if let parsed = try? MetadataBLOBPayload(jsonBytes: bytes) {
        check(parsed)
        verifyRegistration(under: bytes)
    }
    if let lists = try? CertificateRevocationList.parse(bytes) {
        Fuzzing.check(!lists.isEmpty, "parsed no revocation list without an error")
    }
}
