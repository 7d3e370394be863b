import PasskeyCrypto

/// The outcome of a successful attestation statement verification (WebAuthn Level 3 §6.5.2):
/// the attestation type and the trust path that was validated.
public struct AttestationResult: Sendable, Hashable {
    /// The attestation type the statement established.
    public let type: AttestationType
    /// The certificates of the statement, leaf first; empty for `none` and `self`.
    public let trustPath: [Certificate]
    /// For `tpm` (§8.3.1): the TPM manufacturer the AIK certificate names; `nil` for other formats.
    public let tpmManufacturer: TPMManufacturer?
    /// For `compound` (§8.9): the outcome of every sub-statement, in statement order; empty for other formats.
    public let subStatementResults: [CompoundAttestation.SubStatementResult]

    /// Creates a result.
    public init(
        type: AttestationType,
        trustPath: [Certificate],
        tpmManufacturer: TPMManufacturer? = nil,
        subStatementResults: [CompoundAttestation.SubStatementResult] = []
    ) {
        self.type = type
        self.trustPath = trustPath
        self.tpmManufacturer = tpmManufacturer
        self.subStatementResults = subStatementResults
    }
}
