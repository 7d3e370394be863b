/// The authenticator extension outputs a relying party reads from the authenticator data (WebAuthn Level 3
/// §6.1 `extensions`, §9.5; CTAP 2.1 §12.1 `credProtect`, §12.4 `minPinLength`). A value of the wrong type
/// or out of range reads as absent.
extension AuthenticatorData {
    /// The `credProtect` output: the protection the authenticator applied to a new credential.
    public var credentialProtectionPolicy: CredentialProtectionPolicy? {
        guard case .unsignedInteger(let level)? = extensions?[textKey: "credProtect"] else { return nil }
        return CredentialProtectionPolicy(level: level)
    }

    /// The `minPinLength` output: the authenticator's current minimum PIN length.
    public var minimumPINLength: UInt64? {
        guard case .unsignedInteger(let length)? = extensions?[textKey: "minPinLength"] else { return nil }
        return length
    }
}
