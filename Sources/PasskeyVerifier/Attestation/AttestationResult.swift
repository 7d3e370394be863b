import PasskeyCrypto

/// The outcome of a successful attestation statement verification (WebAuthn Level 3 §6.5.2):
/// the attestation type and the trust path that was validated.
public struct AttestationResult: Sendable, Hashable {
    /// The attestation type the statement established.
    public let type: AttestationType
    /// The certificates of the statement, leaf first; empty for `none` and `self`.
    public let trustPath: [Certificate]

    /// Creates a result.
    public init(type: AttestationType, trustPath: [Certificate]) {
        self.type = type
        self.trustPath = trustPath
    }
}
