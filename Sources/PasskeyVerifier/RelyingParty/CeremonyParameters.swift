#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a ``RelyingParty`` asked the client for in one ceremony, kept with the issued challenge so that
/// `finish…` enforces exactly what `begin…` requested (WebAuthn Level 3 §7.1 and §7.2 verify the response
/// against "the options passed to `create()` / `get()`").
///
/// A `nil` member means "as the configuration says". Stores keep the value as one opaque column:
/// ``encoded`` and ``init(encoded:)`` give its stable JSON form (members are the Level 3 options' names),
/// so a later parameter needs no schema change.
public struct CeremonyParameters: Codable, Sendable, Hashable {
    /// The user verification requirement sent (§5.4.4 `authenticatorSelection.userVerification`, §5.5
    /// `userVerification`).
    public var userVerification: UserVerificationRequirement?
    /// The mediation the registration was begun with; `conditional` accepts UP clear
    /// (§7.1 `#sctn-registering-a-new-credential` step "UP").
    public var mediation: CredentialMediationRequirement?
    /// The attestation preference sent (§5.4.7); decides the default ``UntrustedAttestationPolicy``.
    public var attestation: AttestationConveyancePreference?
    /// The client extension inputs sent (§5.4, §5.5 `extensions`): an enforced `credProtect` and `appid` are
    /// checked against them.
    public var extensions: AuthenticationExtensionsClientInputsJSON?
    /// The user account a registration was begun for (§5.4 `user`), handed back by
    /// ``RelyingParty/finishRegistration(_:)`` in ``CompletedRegistration/user`` so that a host creates the
    /// account only when its first credential is stored; `nil` for an authentication and for challenges stored
    /// before this member existed.
    public var user: PublicKeyCredentialUserEntityJSON?
    /// What the host bound the ceremony to, opaque to the library and handed back to the host before a
    /// registration is verified (passkey-server: the hash of the session that began adding a passkey, which must
    /// still be valid when it finishes); `nil` for none.
    public var hostBinding: String?

    /// Creates parameters; every member defaults to "as configured".
    public init(
        userVerification: UserVerificationRequirement? = nil,
        mediation: CredentialMediationRequirement? = nil,
        attestation: AttestationConveyancePreference? = nil,
        extensions: AuthenticationExtensionsClientInputsJSON? = nil,
        user: PublicKeyCredentialUserEntityJSON? = nil,
        hostBinding: String? = nil
    ) {
        self.userVerification = userVerification
        self.mediation = mediation
        self.attestation = attestation
        self.extensions = extensions
        self.user = user
        self.hostBinding = hostBinding
    }

    /// The stable JSON form a store keeps (keys sorted, absent members left out). Encoding these members
    /// cannot fail; the `{}` fallback only satisfies the type checker.
    public var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { Array($0) } ?? Array("{}".utf8)
    }

    /// Reads what ``encoded`` wrote.
    ///
    /// - Throws: `DecodingError` when the bytes are not that JSON (a store's column was altered).
    public init(encoded: [UInt8]) throws {
        self = try JSONDecoder().decode(CeremonyParameters.self, from: Data(encoded))
    }
}
