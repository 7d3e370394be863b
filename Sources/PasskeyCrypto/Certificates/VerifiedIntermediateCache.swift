import CPasskeyLibCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
/// Intermediate certificates a ``CertificateChainVerifier`` has already validated up to one of its trust anchors,
/// so that the next chain through the same intermediate checks only the leaf's signature and validity
/// (Docs/Performance.md: an `apple` registration's intermediate → root check is a P-384 verification, the same
/// for every registration).
///
/// An entry is made only from a successful full validation of `leaf → intermediate → anchor`, and only when the
/// anchor constrains nothing below the intermediate that a validation ending at the intermediate would skip: no
/// name constraints, no policy constraints or inhibitAnyPolicy, no path length limit under 1. It records the
/// span in which both the intermediate and the anchor are valid; a chain uses the entry only at an instant
/// strictly inside that span, and only to accept: when the shortened validation fails, the full one runs and
/// reports its own error. Entries are keyed by the intermediate's exact DER and live in one verifier, whose
/// anchors never change. At most ``capacity`` entries are kept (further intermediates are not cached).
final class VerifiedIntermediateCache: @unchecked Sendable {
    /// A validated intermediate: a store trusting only it, and when the path above it is valid.
    struct Entry {
        let intermediate: Certificate
        let store: X509StoreHandle
        let validAfter: Int
        let validBefore: Int
    }

    /// The most intermediates kept per verifier.
    static let capacity = 16

    private let mutex = PosixMutex()
    private var entries: [[UInt8]: Entry] = [:]

    /// The entry for `intermediate` usable at `time` (seconds since 1970), if any.
    func entry(for intermediate: Certificate, at time: Int) -> Entry? {
        let entry = mutex.withLock { entries[intermediate.derEncoded] }
        guard let entry, entry.validAfter < time, time < entry.validBefore else { return nil }
        return entry
    }

    /// Records `intermediate` after a successful validation whose chain was `leaf, intermediate, anchor`, when
    /// `anchor` (one of `anchors`, found by identity) allows it.
    func record(intermediate: Certificate, chain: OpaquePointer?, anchors: [Certificate]) {
        guard let chain, CPasskeyLibCrypto_sk_X509_num(chain) == 3,
            CPasskeyLibCrypto_sk_X509_value(chain, 1) == intermediate.handle.pointer,
            let top = CPasskeyLibCrypto_sk_X509_value(chain, 2),
            let anchor = anchors.first(where: { $0.handle.pointer == top }),
            Self.constrainsNothingBelow(top)
        else { return }
        let validAfter = Int(max(intermediate.notValidBefore, anchor.notValidBefore).timeIntervalSince1970)
        let validBefore = Int(min(intermediate.notValidAfter, anchor.notValidAfter).timeIntervalSince1970)
        let store = X509StoreHandle(anchors: [intermediate])
        guard store.pointer != nil, validAfter < validBefore else { return }
        let entry = Entry(intermediate: intermediate, store: store, validAfter: validAfter, validBefore: validBefore)
        mutex.withLock {
            if entries.count < Self.capacity {
                entries[intermediate.derEncoded] = entry
            }
        }
    }

    /// The number of intermediates recorded (for tests).
    var count: Int { mutex.withLock { entries.count } }

    /// Whether a validation that stops at an intermediate below `anchor` checks everything a validation through
    /// `anchor` would: `anchor` has no name constraints (RFC 5280 §4.2.1.10), no policy constraints or
    /// inhibitAnyPolicy (§4.2.1.11, §4.2.1.14) and no pathLenConstraint under 1 (§4.2.1.9).
    private static func constrainsNothingBelow(_ anchor: OpaquePointer) -> Bool {
        let pathLength = X509_get_pathlen(anchor)
        return X509_get_ext_by_NID(anchor, NID_name_constraints, -1) < 0
            && X509_get_ext_by_NID(anchor, NID_policy_constraints, -1) < 0
            && X509_get_ext_by_NID(anchor, NID_inhibit_any_policy, -1) < 0
            && (pathLength == -1 || pathLength >= 1)
    }
}
