#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PasskeyCBOR

/// What every attestation statement format's verification procedure receives
/// (WebAuthn Level 3 §6.5.2: attStmt, authenticatorData and clientDataHash).
public struct AttestationStatementInput: Sendable {
    /// The format's statement (`attStmt`), exactly as decoded.
    public let statement: CBORMap
    /// The authenticator data; its `rawBytes` are the bytes that were signed.
    public let authenticatorData: AuthenticatorData
    /// The attested credential data of `authenticatorData`.
    public let attestedCredentialData: AttestedCredentialData
    /// SHA-256 of the exact clientDataJSON bytes (§5.8.1).
    public let clientDataHash: [UInt8]
    /// The instant at which certificates must be valid.
    public let verificationInstant: Date

    /// Creates the input for one statement.
    public init(
        statement: CBORMap,
        authenticatorData: AuthenticatorData,
        attestedCredentialData: AttestedCredentialData,
        clientDataHash: [UInt8],
        verificationInstant: Date
    ) {
        self.statement = statement
        self.authenticatorData = authenticatorData
        self.attestedCredentialData = attestedCredentialData
        self.clientDataHash = clientDataHash
        self.verificationInstant = verificationInstant
    }

    /// `authenticatorData || clientDataHash`, the message most formats sign (§8.2, §8.4, §8.8).
    public var signedData: [UInt8] {
        authenticatorData.rawBytes + clientDataHash
    }
}
