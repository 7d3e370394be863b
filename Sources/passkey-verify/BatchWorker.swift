import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting

/// One `batch` thread's state: its registration verifiers and parsed stored keys. Only its own thread uses
/// it (``BatchCommand`` hands each worker a disjoint set of lines), so it needs no lock.
final class BatchWorker: @unchecked Sendable {
    private var verifiers = RegistrationVerifierCache(capacity: 8)
    private var keys = CredentialKeyCache(capacity: 4096)

    /// Verifies one line.
    func verify(_ line: [UInt8], now: Date) -> CeremonyOutcome {
        BatchCommand.verify(line, now: now, verifiers: &verifiers, keys: &keys)
    }
}
