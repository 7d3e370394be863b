#if Server
import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting

/// The attestation authorities of the attestation-format cases and the packed certificate cases: each is built
/// by the test kit (``VirtualAttestation``) with the one flaw its case needs, and the starting BLOB lists its
/// generated root for a model of its own (``aaguid``; `fido-u2f` by its attestation key identifier), so that the
/// server reaches the flaw rather than refusing an unknown root.
enum ConformanceAuthority: Int, CaseIterable, Sendable {
    case packedIntermediate = 1
    case packedExpiredLeaf
    case packedNotYetValidLeaf
    case packedReversedChain
    case packedExpiredIntermediate
    case fidoU2F
    case tpmSHA256
    case tpmSHA512
    case tpmReversedChain
    case tpmWrongExtraData
    case tpmWrongMagic
    case tpmPubAreaForAnotherKey
    case androidKey
    case androidKeyWrongChallenge
    case androidKeyAnotherKey
    case androidKeyReversedChain
    case tpmSHA1
    case androidSafetyNet
    case androidSafetyNetEmptyVersion
    case androidSafetyNetEmptyResponse
    case androidSafetyNetWrongNonce
    case androidSafetyNetEmptyCertificateChain
    case androidSafetyNetCTSProfileMismatch
    case androidSafetyNetFutureTimestamp
    case androidSafetyNetStaleTimestamp

    /// The model the authority attests: a U2F authenticator's AAGUID is zero (§8.6), every other one has its own.
    var aaguid: AAGUID {
        guard self != .fidoU2F else { return .zero }
        let text = "c0f0a000-0000-4000-8000-0000000001" + String(format: "%02x", rawValue)
        return AAGUID(uuidString: text) ?? .zero
    }

    /// A new attestation authority with this case's flaw.
    func make() throws -> VirtualAttestation {
        switch self {
        case .packedIntermediate: return try .packed(issuesThroughIntermediate: true)
        case .packedExpiredLeaf: return try .packed(defects: [.expiredLeaf])
        case .packedNotYetValidLeaf: return try .packed(defects: [.notYetValidLeaf])
        case .packedReversedChain: return try .packed(defects: [.reversedChainOrder])
        case .packedExpiredIntermediate: return try .packed(defects: [.expiredIntermediate])
        case .fidoU2F: return try .fidoU2F()
        case .tpmSHA256: return try .tpm(algorithm: .rs256)
        case .tpmSHA512: return try .tpm(algorithm: .rs512)
        case .tpmReversedChain: return try .tpm(defects: [.reversedChainOrder])
        case .tpmWrongExtraData: return try .tpm(statementDefects: [.wrongExtraData])
        case .tpmWrongMagic: return try .tpm(statementDefects: [.wrongMagic])
        case .tpmPubAreaForAnotherKey: return try .tpm(statementDefects: [.pubAreaForAnotherKey])
        case .androidKey: return try .androidKey()
        case .androidKeyWrongChallenge: return try .androidKey(statementDefects: [.wrongAttestationChallenge])
        case .androidKeyAnotherKey: return try .androidKey(statementDefects: [.leafKeyNotCredentialKey])
        case .androidKeyReversedChain: return try .androidKey(defects: [.reversedChainOrder])
        case .tpmSHA1: return try .tpm(algorithm: .rs1)
        case .androidSafetyNet: return try .androidSafetyNet()
        case .androidSafetyNetEmptyVersion: return try .androidSafetyNet(statementDefects: [.emptyVersion])
        case .androidSafetyNetEmptyResponse: return try .androidSafetyNet(statementDefects: [.emptyResponse])
        case .androidSafetyNetWrongNonce: return try .androidSafetyNet(statementDefects: [.wrongNonce])
        case .androidSafetyNetEmptyCertificateChain:
            return try .androidSafetyNet(statementDefects: [.emptyCertificateChain])
        case .androidSafetyNetCTSProfileMismatch: return try .androidSafetyNet(statementDefects: [.ctsProfileMismatch])
        case .androidSafetyNetFutureTimestamp: return try .androidSafetyNet(statementDefects: [.timestampInTheFuture])
        case .androidSafetyNetStaleTimestamp: return try .androidSafetyNet(statementDefects: [.staleTimestamp])
        }
    }
}
#endif
