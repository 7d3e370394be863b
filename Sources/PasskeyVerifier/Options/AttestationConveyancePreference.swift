/// How much attestation the relying party asks for (WebAuthn Level 3 §5.4.7 `AttestationConveyancePreference`).
public enum AttestationConveyancePreference: String, Sendable, Hashable, Codable {
    /// No attestation: the client may replace it with `none` (the default, and what passkey sign-up needs).
    case none
    /// Attestation is wanted, but the client may anonymize it.
    case indirect
    /// The attestation statement as the authenticator produced it.
    case direct
    /// Enterprise attestation, which may identify the authenticator uniquely (§5.4.7).
    case enterprise
}
