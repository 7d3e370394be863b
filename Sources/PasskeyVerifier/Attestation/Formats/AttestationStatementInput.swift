#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PasskeyCBOR
import PasskeyCrypto

/// What every attestation statement format's verification procedure receives
/// (WebAuthn Level 3 §6.5.2: attStmt, authenticatorData and clientDataHash).
public struct AttestationStatementInput: Sendable {
    /// The format's statement (`attStmt`) when it is a map, as for every format but `compound`; empty otherwise.
    public let statement: CBORMap
    /// The statement exactly as decoded: a map, or for `compound` (§8.9) the array of sub-statements.
    public let statementValue: CBORValue
    /// The authenticator data; its `rawBytes` are the bytes that were signed.
    public let authenticatorData: AuthenticatorData
    /// The attested credential data of `authenticatorData`.
    public let attestedCredentialData: AttestedCredentialData
    /// SHA-256 of the exact clientDataJSON bytes (§5.8.1).
    public let clientDataHash: [UInt8]
    /// The instant at which certificates must be valid.
    public let verificationInstant: Date
    /// Whether a trust path must chain to the format's trust anchors (§7.1 `#reg-ceremony-assess-trust`); `false` only
    /// while ``RegistrationVerifier`` re-checks a statement whose chain was untrusted under
    /// ``UntrustedAttestationPolicy/acceptAsUnverified``, so that everything else is still verified.
    var assessesTrust = true
    /// The assessment of the verifier's ``AttestationTrustPolicy``, whose roots are trusted for this registration
    /// besides the format's own anchors; `nil` without a trust policy.
    var trustAssessment: (any AttestationTrustAssessment)?

    /// Creates the input for one map statement.
    public init(
        statement: CBORMap,
        authenticatorData: AuthenticatorData,
        attestedCredentialData: AttestedCredentialData,
        clientDataHash: [UInt8],
        verificationInstant: Date
    ) {
        self.init(
            statementValue: .map(statement),
            authenticatorData: authenticatorData,
            attestedCredentialData: attestedCredentialData,
            clientDataHash: clientDataHash,
            verificationInstant: verificationInstant
        )
    }

    /// Creates the input for a statement of any shape (a map, or the array of a `compound` statement, §8.9).
    public init(
        statementValue: CBORValue,
        authenticatorData: AuthenticatorData,
        attestedCredentialData: AttestedCredentialData,
        clientDataHash: [UInt8],
        verificationInstant: Date
    ) {
        self.statement = statementValue.mapValue ?? CBORMap(entries: [])
        self.statementValue = statementValue
        self.authenticatorData = authenticatorData
        self.attestedCredentialData = attestedCredentialData
        self.clientDataHash = clientDataHash
        self.verificationInstant = verificationInstant
    }

    /// `authenticatorData || clientDataHash`, the message most formats sign (§8.2, §8.4, §8.8).
    public var signedData: [UInt8] {
        authenticatorData.rawBytes + clientDataHash
    }

    /// The input for one sub-statement of a `compound` statement (§8.9): the same ceremony, another map.
    func subStatement(_ statement: CBORMap) -> AttestationStatementInput {
        var input = AttestationStatementInput(
            statement: statement,
            authenticatorData: authenticatorData,
            attestedCredentialData: attestedCredentialData,
            clientDataHash: clientDataHash,
            verificationInstant: verificationInstant
        )
        input.assessesTrust = assessesTrust
        input.trustAssessment = trustAssessment
        return input
    }
}
