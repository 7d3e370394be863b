import Foundation
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting

/// One `batch` thread's state: its registration verifiers and parsed stored keys. Only its own thread uses
/// it (``BatchCommand`` hands each chunk of lines to one worker), so it needs no lock.
final class BatchWorker: @unchecked Sendable {
    private var verifiers: RegistrationVerifierCache
    private var keys = CredentialKeyCache(capacity: 4096)
    private let now: Date
    private let maximumLineLength: Int

    /// A worker that verifies at `now` the ceremonies that name no instant, reports lines longer than
    /// `maximumLineLength` as too long, and verifies registrations with `metadata` (`--metadata`), if any.
    init(now: Date, maximumLineLength: Int, metadata: MetadataTrustPolicy? = nil) {
        verifiers = RegistrationVerifierCache(capacity: 8, metadata: metadata)
        self.now = now
        self.maximumLineLength = maximumLineLength
    }

    /// Appends the verdict of each of `lines`, in order, to `verdicts`: one line of compact JSON each, ending
    /// with `\n` (the command-line contract).
    func verify(_ lines: [LineReader.Line], appendingTo verdicts: inout [UInt8]) {
        for line in lines {
            verdict(of: line).appendCompactJSON(to: &verdicts)
            verdicts.append(UInt8(ascii: "\n"))
        }
    }

    /// The verdict of one line.
    func verdict(of line: LineReader.Line) -> CeremonyOutcome {
        switch line {
        case .text(let bytes):
            return BatchCommand.verify(bytes, now: now, verifiers: &verifiers, keys: &keys)
        case .tooLong(let length):
            return CeremonyOutcome(
                error: WebAuthnError(
                    .malformedInput, "the line is \(length) bytes; at most \(maximumLineLength) are read")
            )
        }
    }
}
