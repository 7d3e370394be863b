import PasskeyCrypto
import PasskeyMetadata
import PasskeyVerifier

/// Registration verifiers for recorded ceremonies, built once per distinct set of trust anchors
/// (WebAuthn Level 3 §7.1 `#reg-ceremony-attestation-trust-anchors`).
///
/// A recording names its extra trust anchors as PEM texts, which are added to the built-in ones for every
/// format. Parsing them and building a ``RegistrationVerifier`` costs more than many a verification, so a run
/// over many ceremonies keeps the verifiers of the last few distinct anchor sets, least recently used first
/// out. Ceremonies without extra anchors share one verifier with the built-in anchors and take no slot.
public struct RegistrationVerifierCache: Sendable {
    /// How many distinct anchor sets are kept.
    public let capacity: Int
    /// The FIDO metadata every verifier of this cache uses, `nil` for none.
    public let metadata: MetadataTrustPolicy?
    /// The verifier with the built-in anchors and ``metadata``, when there is metadata.
    private let metadataVerifier: RegistrationVerifier?
    /// Most recently used last.
    private var entries: [Entry] = []

    private struct Entry: Sendable {
        let pemTexts: [String]
        let verifier: RegistrationVerifier
    }

    /// Creates an empty cache keeping at most `capacity` (at least 1) anchor sets, whose verifiers use
    /// `metadata` (``RegistrationVerifier/init(trustAnchors:compoundPolicy:metadata:)``).
    public init(capacity: Int = 8, metadata: MetadataTrustPolicy? = nil) {
        self.capacity = max(1, capacity)
        self.metadata = metadata
        self.metadataVerifier = metadata.map { RegistrationVerifier(metadata: $0) }
    }

    /// The verifier trusting the built-in anchors plus the certificates of `pemTexts` for every format.
    /// - Throws: ``WebAuthnError/Code/malformedInput`` naming the first text that is not a PEM certificate.
    public mutating func verifier(trustAnchors pemTexts: [String]) throws(WebAuthnError) -> RegistrationVerifier {
        guard !pemTexts.isEmpty else { return metadataVerifier ?? Self.builtInVerifier }
        if let index = entries.firstIndex(where: { $0.pemTexts == pemTexts }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.verifier
        }
        var certificates: [Certificate] = []
        for (index, pem) in pemTexts.enumerated() {
            do {
                certificates.append(contentsOf: try Certificate.certificates(fromPEM: pem))
            } catch let error as CryptoError {
                throw WebAuthnError(.malformedInput, "trustAnchors[\(index)] is not a PEM certificate: \(error.reason)")
            } catch {
                throw WebAuthnError(.malformedInput, "trustAnchors[\(index)] is not a PEM certificate: \(error)")
            }
        }
        let verifier = RegistrationVerifier(
            trustAnchors: AttestationTrustAnchors.builtIn.addingForEveryFormat(certificates), metadata: metadata)
        if entries.count >= capacity {
            entries.removeFirst()
        }
        entries.append(Entry(pemTexts: pemTexts, verifier: verifier))
        return verifier
    }

    /// Built once: the verifier with the built-in anchors only.
    private static let builtInVerifier = RegistrationVerifier()
}
