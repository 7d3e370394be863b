/// The `none` attestation statement format (WebAuthn Level 3 §8.7).
///
/// The statement must be an empty map: a `none` statement carrying members is
/// rejected rather than ignored, so that a client cannot smuggle data past it.
public struct NoneAttestation: AttestationStatementFormat {
    /// `"none"`.
    public let identifier = "none"

    /// Creates the format.
    public init() {}

    /// Accepts only an empty statement (§8.7 "Verification procedure").
    public func verify(_ input: AttestationStatementInput) throws(WebAuthnError) -> AttestationResult {
        guard input.statement.count == 0 else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "a none attestation statement must be an empty map; it has \(input.statement.count) members"
            )
        }
        return AttestationResult(type: .none, trustPath: [])
    }
}
