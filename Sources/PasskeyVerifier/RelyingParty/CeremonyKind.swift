/// Which ceremony a challenge was issued for (WebAuthn Level 3 §1.2 "registration ceremony",
/// "authentication ceremony"); a challenge answers only the ceremony it was issued for.
public enum CeremonyKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A registration (§7.1): `navigator.credentials.create()`, client data type `webauthn.create`.
    case registration
    /// An authentication (§7.2): `navigator.credentials.get()`, client data type `webauthn.get`.
    case authentication
}
