import Foundation
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting

/// One `batch` thread's state: its registration verifiers and parsed stored keys. Only its own thread uses
/// it (``BatchCommand`` hands each worker a disjoint set of lines), so it needs no lock.
final class BatchWorker: @unchecked Sendable {
    private var verifiers: RegistrationVerifierCache
    private var keys = CredentialKeyCache(capacity: 4096)

    /// A worker whose registrations are verified with `metadata` (`--metadata`), if any.
    init(metadata: MetadataTrustPolicy? = nil) {
        verifiers = RegistrationVerifierCache(capacity: 8, metadata: metadata)
    }

    /// Verifies one line.
    func verify(_ line: [UInt8], now: Date) -> CeremonyOutcome {
        BatchCommand.verify(line, now: now, verifiers: &verifiers, keys: &keys)
    }
}
