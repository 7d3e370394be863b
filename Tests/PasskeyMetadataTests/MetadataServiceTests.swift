import Foundation
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `MetadataService`: loading newer BLOBs, rollback refused, the last good BLOB kept when a load fails, the refresh
/// schedule with its backoff, staleness, and the BLOB kept in a `MetadataBLOBStore` (FIDO Metadata Service v3.0 §3.2).
@Suite struct MetadataServiceTests {
    typealias Support = MetadataTestSupport

    /// 2026-02-01T00:00:00Z, ``MetadataTestSupport/nextUpdate``.
    static let nextUpdate = Date(timeIntervalSince1970: 1_769_904_000)

    static func blob(_ serialNumber: Int, nextUpdate: String = Support.nextUpdate) throws -> [UInt8] {
        try Support.blob(
            try Support.service(), serialNumber: serialNumber, nextUpdate: nextUpdate,
            entries: [Support.simpleEntry(Support.aaguidA)])
    }

    static func service(
        store: (any MetadataBLOBStore)? = nil,
        previousSerialNumber: Int? = nil
    ) throws -> MetadataService {
        MetadataService(
            trustAnchors: [try Support.service().rootCertificate],
            store: store,
            previousSerialNumber: previousSerialNumber,
            initialBackoff: 60,
            maximumBackoff: 200
        )
    }

    @Test func aNewerNoReplacesTheCurrentBLOBAndIsSaved() async throws {
        let store = InMemoryMetadataBLOBStore()
        let service = try Self.service(store: store)
        #expect(try await service.load(jws: try Self.blob(7), at: Support.instant) == .replaced(serialNumber: 7))
        #expect(try await store.loadMetadataBLOB()?.serialNumber == 7)
        #expect(try await service.load(jws: try Self.blob(7), at: Support.instant) == .unchanged(serialNumber: 7))
        // ECDSA signatures differ at each signing: the store must hold the very bytes loaded.
        let eighth = try Self.blob(8)
        #expect(try await service.load(jws: eighth, at: Support.instant) == .replaced(serialNumber: 8))
        let status = await service.status(at: Support.instant)
        #expect(status.serialNumber == 8)
        #expect(status.nextUpdate == Self.nextUpdate)
        #expect(status.nextRefresh == Self.nextUpdate)
        #expect(status.isStale == false)
        #expect(status.consecutiveFailures == 0 && status.lastFailure == nil)
        #expect(try await store.loadMetadataBLOB() == StoredMetadataBLOB(jws: eighth, serialNumber: 8))
        let policy = try #require(await service.trustPolicy(minimumCertificationLevel: .fidoCertifiedL1))
        #expect(policy.blob.serialNumber == 8)
        #expect(policy.minimumCertificationLevel == .fidoCertifiedL1)
    }

    @Test func anOlderNoIsARollbackAndTheCurrentBLOBStays() async throws {
        let service = try Self.service()
        try await service.load(jws: try Self.blob(8), at: Support.instant)
        let error = await #expect(throws: WebAuthnError.self) {
            try await service.load(jws: try Self.blob(7), at: Support.instant)
        }
        #expect(error?.code == .metadataRollback)
        #expect(await service.current?.serialNumber == 8)

        let told = try Self.service(previousSerialNumber: 9)
        let toldError = await #expect(throws: WebAuthnError.self) {
            try await told.load(jws: try Self.blob(8), at: Support.instant)
        }
        #expect(toldError?.code == .metadataRollback)
        #expect(await told.current == nil)
        #expect(try await told.load(jws: try Self.blob(9), at: Support.instant) == .replaced(serialNumber: 9))
    }

    @Test func aFailedLoadKeepsTheLastGoodBLOB() async throws {
        let store = InMemoryMetadataBLOBStore()
        let service = try Self.service(store: store)
        try await service.load(jws: try Self.blob(7), at: Support.instant)
        let garbage = await #expect(throws: WebAuthnError.self) {
            try await service.load(jws: Array("not a JWS".utf8), at: Support.instant)
        }
        #expect(garbage?.code == .invalidMetadata)
        let foreign = try Support.blob(try #require(Support.otherService), serialNumber: 9, entries: [])
        let foreignError = await #expect(throws: WebAuthnError.self) {
            try await service.load(jws: foreign, at: Support.instant)
        }
        #expect(foreignError?.code == .invalidMetadata)
        let status = await service.status(at: Support.instant)
        #expect(status.serialNumber == 7)
        #expect(status.lastFailure?.contains("invalidMetadata") == true)
        // Before nextUpdate a failure changes nothing in the schedule.
        #expect(status.nextRefresh == Self.nextUpdate)
        #expect(status.consecutiveFailures == 0)
        #expect(try await store.loadMetadataBLOB()?.serialNumber == 7)
    }

    @Test func onceDueRefreshesBackOffUntilANewerNoVerifies() async throws {
        let service = try Self.service()
        try await service.load(jws: try Self.blob(7), at: Support.instant)
        let due = Self.nextUpdate.addingTimeInterval(3_600)
        #expect(await service.nextRefresh(at: due) == Self.nextUpdate)
        #expect(try await service.load(jws: try Self.blob(7), at: due) == .unchanged(serialNumber: 7))
        #expect(await service.nextRefresh(at: due) == due.addingTimeInterval(60))
        try await service.load(jws: try Self.blob(7), at: due)
        #expect(await service.nextRefresh(at: due) == due.addingTimeInterval(120))
        await service.noteFailure("the download failed", at: due)
        #expect(await service.nextRefresh(at: due) == due.addingTimeInterval(200))
        await #expect(throws: WebAuthnError.self) { try await service.load(jws: [0x41], at: due) }
        let backedOff = await service.status(at: due)
        #expect(backedOff.nextRefresh == due.addingTimeInterval(200))
        #expect(backedOff.consecutiveFailures == 4)
        #expect(
            try await service.load(jws: try Self.blob(8, nextUpdate: "2026-03-01"), at: due)
                == .replaced(serialNumber: 8))
        let refreshed = await service.status(at: due)
        #expect(refreshed.nextRefresh == Date(timeIntervalSince1970: 1_772_323_200))
        #expect(refreshed.consecutiveFailures == 0 && refreshed.lastFailure == nil)
    }

    @Test func withoutABLOBTheFirstRefreshIsDueAtOnceAndFailuresBackOff() async throws {
        let service = try Self.service()
        #expect(await service.nextRefresh(at: Support.instant) == Support.instant)
        await service.noteFailure("unreachable", at: Support.instant)
        #expect(await service.nextRefresh(at: Support.instant) == Support.instant.addingTimeInterval(60))
        #expect(await service.status(at: Support.instant).serialNumber == nil)
        #expect(await service.status(at: Support.instant).isStale == false)
        #expect(await service.trustPolicy() == nil)
    }

    @Test func staleDataIsReportedAndANewerStaleBLOBStillLoads() async throws {
        let service = try Self.service()
        try await service.load(jws: try Self.blob(7), at: Support.instant)
        #expect(await service.status(at: Self.nextUpdate.addingTimeInterval(43_200)).isStale == false)
        #expect(await service.status(at: Self.nextUpdate.addingTimeInterval(86_400)).isStale == true)
        let late = Self.nextUpdate.addingTimeInterval(5 * 86_400)
        #expect(try await service.load(jws: try Self.blob(8), at: late) == .replaced(serialNumber: 8))
        #expect(await service.status(at: late).isStale == true)
        #expect(await service.current?.isStale == true)
        // A stale BLOB that was the newest is not downloaded again at once: the next refresh waits a backoff.
        #expect(await service.nextRefresh(at: late) == late.addingTimeInterval(60))
        #expect(await service.status(at: late).consecutiveFailures == 0)
    }

    @Test func restoreStartsFromTheKeptBLOBVerifiedAgain() async throws {
        let store = InMemoryMetadataBLOBStore(StoredMetadataBLOB(jws: try Self.blob(7), serialNumber: 7))
        let service = try Self.service(store: store)
        #expect(try await service.restore(at: Support.instant) == .replaced(serialNumber: 7))
        #expect(try await service.restore(at: Support.instant) == .unchanged(serialNumber: 7))
        let rollback = await #expect(throws: WebAuthnError.self) {
            try await service.load(jws: try Self.blob(6), at: Support.instant)
        }
        #expect(rollback?.code == .metadataRollback)

        // The stored `no` is only a hint: the verified payload's `no` counts.
        let lying = InMemoryMetadataBLOBStore(StoredMetadataBLOB(jws: try Self.blob(7), serialNumber: 99))
        let restored = try Self.service(store: lying)
        #expect(try await restored.restore(at: Support.instant) == .replaced(serialNumber: 7))
        #expect(try await restored.load(jws: try Self.blob(8), at: Support.instant) == .replaced(serialNumber: 8))

        let corrupted = InMemoryMetadataBLOBStore(StoredMetadataBLOB(jws: Array("garbage".utf8), serialNumber: 3))
        let empty = try Self.service(store: corrupted)
        let error = await #expect(throws: WebAuthnError.self) { try await empty.restore(at: Support.instant) }
        #expect(error?.code == .invalidMetadata)
        #expect(await empty.current == nil)
        #expect(try await Self.service().restore(at: Support.instant) == nil)
    }

    @Test func theInMemoryStoreKeepsTheLargerNo() async throws {
        let store = InMemoryMetadataBLOBStore()
        #expect(try await store.loadMetadataBLOB() == nil)
        #expect(try await store.saveMetadataBLOB(StoredMetadataBLOB(jws: [1], serialNumber: 8)) == true)
        #expect(try await store.saveMetadataBLOB(StoredMetadataBLOB(jws: [2], serialNumber: 7)) == false)
        #expect(try await store.saveMetadataBLOB(StoredMetadataBLOB(jws: [3], serialNumber: 8)) == true)
        #expect(try await store.loadMetadataBLOB() == StoredMetadataBLOB(jws: [3], serialNumber: 8))
    }
}
