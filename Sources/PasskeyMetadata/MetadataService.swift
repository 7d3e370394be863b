import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Keeps a relying party's FIDO metadata current (FIDO Metadata Service v3.0 §3.2 "Metadata BLOB object
/// processing rules"): it holds the current verified ``MetadataBLOB``, loads a newer one from the bytes the host
/// downloaded, and says when the host should download again. It never touches the network.
///
/// - A BLOB is verified as ``MetadataBLOB/init(jws:trustAnchors:revocationLists:verificationInstant:stalePolicy:previousSerialNumber:expectedSignerName:)``
///   does, against the largest `no` the service knows (the one it was told at creation, the stored one, the
///   current one): a smaller `no` is a rollback and fails (§3.2 step 4). A stale BLOB (§3.2 step 6) still loads
///   when its `no` is newer, and ``status(at:)`` reports it stale.
/// - A load that fails, or brings the current `no` again, never replaces the current BLOB.
/// - The next refresh is due at the current BLOB's `nextUpdate` (§3.1.6); once it is due, every refresh that
///   brings no newer `no` backs off, from ``initialBackoff`` doubling up to ``maximumBackoff``, until a newer
///   `no` verifies. Without a BLOB, the first refresh is due at once and failures back off the same way.
/// - With a ``MetadataBLOBStore``, a BLOB that replaced the current one is saved, and ``restore(at:)`` starts
///   from the saved one (verified again: what the store returns is input).
public actor MetadataService {
    /// The roots the BLOB's signing chain must reach (``FIDOMetadataServiceRootCA`` by default).
    public nonisolated let trustAnchors: [Certificate]
    /// The certificate revocation lists the chain is checked against; empty for none.
    public nonisolated let revocationLists: [CertificateRevocationList]
    /// The DNS name the signing certificate must be issued to (``MetadataBLOB``'s `expectedSignerName`).
    public nonisolated let expectedSignerName: String?
    /// Where the last good BLOB is kept, `nil` for nowhere.
    public nonisolated let store: (any MetadataBLOBStore)?
    /// The wait after the first refresh that brought no newer BLOB once one was due.
    public nonisolated let initialBackoff: TimeInterval
    /// The longest wait between two refreshes that bring no newer BLOB.
    public nonisolated let maximumBackoff: TimeInterval

    /// The default ``initialBackoff``: 5 minutes.
    public static let defaultInitialBackoff: TimeInterval = 300
    /// The default ``maximumBackoff``: 6 hours.
    public static let defaultMaximumBackoff: TimeInterval = 21_600

    /// The current verified BLOB, `nil` before the first load.
    public private(set) var current: MetadataBLOB?
    private var highestSerialNumber: Int?
    private var consecutiveFailures = 0
    private var retryAt: Date?
    private var lastFailure: String?

    /// Creates a service without a BLOB.
    ///
    /// - Parameters:
    ///   - trustAnchors: the roots of the BLOB's signing chain; GlobalSign Root CA - R3 and Root R46 by default.
    ///   - revocationLists: the lists the chain is checked against.
    ///   - expectedSignerName: the signing certificate's DNS name (see ``MetadataBLOB``).
    ///   - store: where the last good BLOB is kept.
    ///   - previousSerialNumber: the `no` the host loaded before, if it knows one: a BLOB with a smaller `no` is
    ///     refused as a rollback.
    ///   - initialBackoff: the first wait once a refresh is due and brings no newer BLOB (at least 1 s).
    ///   - maximumBackoff: the longest such wait (at least `initialBackoff`).
    public init(
        trustAnchors: [Certificate] = FIDOMetadataServiceRootCA.certificates,
        revocationLists: [CertificateRevocationList] = [],
        expectedSignerName: String? = nil,
        store: (any MetadataBLOBStore)? = nil,
        previousSerialNumber: Int? = nil,
        initialBackoff: TimeInterval = MetadataService.defaultInitialBackoff,
        maximumBackoff: TimeInterval = MetadataService.defaultMaximumBackoff
    ) {
        self.trustAnchors = trustAnchors
        self.revocationLists = revocationLists
        self.expectedSignerName = expectedSignerName
        self.store = store
        self.highestSerialNumber = previousSerialNumber
        self.initialBackoff = max(1, initialBackoff)
        self.maximumBackoff = max(self.initialBackoff, maximumBackoff)
    }

    /// Takes the BLOB kept in ``store`` when its `no` is larger than the current one's (at start, or to pick up
    /// what another process saved), verified again at `instant`.
    ///
    /// - Returns: ``MetadataRefreshOutcome/replaced(serialNumber:)`` when the kept BLOB is now the current one,
    ///   ``MetadataRefreshOutcome/unchanged(serialNumber:)`` when it is not newer, `nil` when nothing is kept.
    /// - Throws: what the store throws; `WebAuthnError` when the kept BLOB does not verify (the current BLOB
    ///   stays).
    @discardableResult
    public func restore(at instant: Date) async throws -> MetadataRefreshOutcome? {
        guard let store, let stored = try await store.loadMetadataBLOB() else { return nil }
        if let current, stored.serialNumber <= current.serialNumber {
            return .unchanged(serialNumber: current.serialNumber)
        }
        let blob: MetadataBLOB
        do {
            blob = try verify(stored.jws, at: instant)
        } catch {
            lastFailure = "the stored metadata BLOB does not verify: \(error)"
            throw error
        }
        if let current, blob.serialNumber <= current.serialNumber {
            return .unchanged(serialNumber: current.serialNumber)
        }
        adopt(blob, at: instant)
        return .replaced(serialNumber: blob.serialNumber)
    }

    /// Verifies `jws`, a BLOB the host downloaded, at `instant`, and makes it the current BLOB when its `no` is
    /// larger than the current one's, saving it in ``store``.
    ///
    /// - Returns: whether the BLOB replaced the current one.
    /// - Throws: `WebAuthnError` when the BLOB does not verify (`invalidMetadata`, `unsupportedAlgorithm`) or is
    ///   older than a `no` the service knows (`metadataRollback`): the current BLOB stays and the next refresh
    ///   backs off. What the store throws when saving fails: the BLOB is the current one all the same.
    @discardableResult
    public func load(jws: [UInt8], at instant: Date) async throws -> MetadataRefreshOutcome {
        let blob: MetadataBLOB
        do {
            blob = try verify(jws, at: instant)
        } catch {
            noteFailure("\(error)", at: instant)
            throw error
        }
        if let current, blob.serialNumber <= current.serialNumber {
            noteNoNewerBLOB(at: instant)
            return .unchanged(serialNumber: current.serialNumber)
        }
        adopt(blob, at: instant)
        try await store?.saveMetadataBLOB(StoredMetadataBLOB(jws: jws, serialNumber: blob.serialNumber))
        return .replaced(serialNumber: blob.serialNumber)
    }

    /// Records that the host could not get a BLOB at all (a download failed), at `instant`: the next refresh
    /// backs off as after a BLOB that fails to verify.
    public func noteFailure(_ reason: String, at instant: Date) {
        lastFailure = reason
        noteNoNewerBLOB(at: instant)
    }

    /// When the host should download again: the current BLOB's `nextUpdate`, or the backoff's end once a refresh
    /// was due and brought no newer BLOB; `instant` itself when there is no BLOB and nothing failed yet.
    public func nextRefresh(at instant: Date) -> Date {
        if let retryAt { return retryAt }
        return current?.payload.nextUpdate ?? instant
    }

    /// The state at `instant`.
    public func status(at instant: Date) -> MetadataServiceStatus {
        MetadataServiceStatus(
            serialNumber: current?.serialNumber,
            nextUpdate: current?.payload.nextUpdate,
            isStale: current?.isStale(at: instant) ?? false,
            nextRefresh: nextRefresh(at: instant),
            consecutiveFailures: consecutiveFailures,
            lastFailure: lastFailure
        )
    }

    /// A ``MetadataTrustPolicy`` over the current BLOB, `nil` before the first load.
    public func trustPolicy(
        rejectedStatuses: Set<AuthenticatorStatus> = AuthenticatorStatus.compromised,
        minimumCertificationLevel: AuthenticatorStatus? = nil
    ) -> MetadataTrustPolicy? {
        current.map {
            MetadataTrustPolicy(
                blob: $0,
                rejectedStatuses: rejectedStatuses,
                minimumCertificationLevel: minimumCertificationLevel
            )
        }
    }

    private func verify(_ jws: [UInt8], at instant: Date) throws(WebAuthnError) -> MetadataBLOB {
        try MetadataBLOB(
            jws: jws,
            trustAnchors: trustAnchors,
            revocationLists: revocationLists,
            verificationInstant: instant,
            stalePolicy: .acceptStale,
            previousSerialNumber: highestSerialNumber,
            expectedSignerName: expectedSignerName
        )
    }

    /// Makes `blob` the current BLOB at `instant`: the next refresh is due at its `nextUpdate`, or after
    /// ``initialBackoff`` when that has already passed (a stale BLOB that was still the newest).
    private func adopt(_ blob: MetadataBLOB, at instant: Date) {
        current = blob
        highestSerialNumber = max(highestSerialNumber ?? blob.serialNumber, blob.serialNumber)
        consecutiveFailures = 0
        retryAt = instant < blob.payload.nextUpdate ? nil : instant.addingTimeInterval(initialBackoff)
        lastFailure = nil
    }

    /// A refresh at `instant` brought no newer BLOB: before the current BLOB's `nextUpdate` the schedule stays;
    /// afterwards (or without a BLOB) the next one waits ``initialBackoff`` doubled per consecutive failure, at
    /// most ``maximumBackoff``.
    private func noteNoNewerBLOB(at instant: Date) {
        if let current, instant < current.payload.nextUpdate { return }
        consecutiveFailures = min(consecutiveFailures + 1, 32)
        let backoff = min(initialBackoff * Double(1 << min(consecutiveFailures - 1, 30)), maximumBackoff)
        retryAt = instant.addingTimeInterval(backoff)
    }
}
