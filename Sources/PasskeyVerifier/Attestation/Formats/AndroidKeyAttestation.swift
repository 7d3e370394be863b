import PasskeyCrypto

/// The `android-key` attestation statement format (WebAuthn Level 3 §8.4): a credential key
/// generated in the Android Keystore, certified by an attestation certificate whose
/// KeyDescription extension (``AndroidKeyDescription``) describes the key.
///
/// Verification (§8.4 "Verification procedure"): `sig` over `authenticatorData || clientDataHash`
/// with `x5c[0]`'s key and `alg`; that key is the credential public key; the KeyDescription's
/// `attestationChallenge` is the `clientDataHash`; `allApplications` is absent from both
/// authorization lists; `origin` and `purpose` are checked as ``AuthorizationPolicy`` says; the
/// chain reaches one of this format's trust anchors (the Google Hardware Attestation roots by
/// default, ``GoogleHardwareAttestationRoots``). The result is `basic` with `x5c` as trust path.
public struct AndroidKeyAttestation: AttestationStatementFormat {
    /// `"android-key"`.
    public let identifier = "android-key"
    private let trustPath: TrustPathValidator
    private let policy: AuthorizationPolicy

    /// How the KeyDescription's `origin` and `purpose` are checked (§8.4.2 step "Verify the
    /// following using the appropriate authorization list").
    ///
    /// Whichever lists are consulted, every `origin` present must be `KM_ORIGIN_GENERATED` (0)
    /// and every `purpose` present must contain `KM_PURPOSE_SIGN` (2).
    public struct AuthorizationPolicy: Sendable, Hashable {
        /// Consult `teeEnforced` only, accepting only keys whose properties a trusted execution
        /// environment enforces; when `false`, the union of `teeEnforced` and `softwareEnforced`.
        public var teeEnforcedOnly: Bool
        /// Reject a statement whose consulted lists carry no `origin` or no `purpose`. When
        /// `false`, absent fields pass (the W3C test vector's lists are both empty).
        public var requireOriginAndPurpose: Bool

        /// Creates a policy.
        public init(teeEnforcedOnly: Bool = false, requireOriginAndPurpose: Bool = false) {
            self.teeEnforcedOnly = teeEnforcedOnly
            self.requireOriginAndPurpose = requireOriginAndPurpose
        }

        /// The default: the union of both lists; absent `origin`/`purpose` accepted.
        public static let `default` = AuthorizationPolicy()
        /// The strict reading: `teeEnforced` only, and both fields required.
        public static let teeEnforcedStrict = AuthorizationPolicy(teeEnforcedOnly: true, requireOriginAndPurpose: true)
    }

    /// Creates the format with the roots its chains must reach and the authorization policy.
    public init(trustAnchors: [Certificate], policy: AuthorizationPolicy = .default) {
        self.trustPath = TrustPathValidator(format: "android-key", trustAnchors: trustAnchors)
        self.policy = policy
    }

    /// Verifies an android-key statement (§8.4 "Verification procedure").
    public func verify(_ input: AttestationStatementInput) throws(WebAuthnError) -> AttestationResult {
        let members = try AttestationStatementMembers(
            input.statement, format: identifier, allowed: ["alg", "sig", "x5c"])
        let algorithm = try members.algorithm("alg")
        let signature = try members.byteString("sig")
        let chain = try members.certificateChain()
        guard let leaf = chain.first else {
            throw WebAuthnError(
                .invalidAttestationStatement, "the android-key attestation statement has no certificate")
        }
        try AttestationSignature.verify(
            signature, over: input.signedData, with: leaf, algorithm: algorithm, format: identifier)
        guard leaf.publicKey == input.attestedCredentialData.credentialPublicKey.publicKey else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the android-key attestation certificate's public key is not the credential public key"
            )
        }
        guard let extensionValue = leaf.extension(oid: AndroidKeyDescription.oid) else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the android-key attestation certificate has no KeyDescription extension \(AndroidKeyDescription.oid)"
            )
        }
        let description = try AndroidKeyDescription(derEncoded: extensionValue.value)
        guard ConstantTime.equals(description.attestationChallenge, input.clientDataHash) else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the android-key attestationChallenge is not the clientDataHash"
            )
        }
        try checkAuthorizations(description)
        try trustPath.validate(chain, for: input)
        return AttestationResult(type: .basic, trustPath: chain)
    }

    /// The authorization list checks of §8.4.2.
    func checkAuthorizations(_ description: AndroidKeyDescription) throws(WebAuthnError) {
        for (name, list) in [
            ("softwareEnforced", description.softwareEnforced), ("teeEnforced", description.teeEnforced),
        ]
        where list.allApplications {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the android-key KeyDescription's \(name) list has allApplications [600]: "
                    + "the key is not scoped to this relying party"
            )
        }
        let consulted =
            policy.teeEnforcedOnly
            ? [("teeEnforced", description.teeEnforced)]
            : [("teeEnforced", description.teeEnforced), ("softwareEnforced", description.softwareEnforced)]
        var sawOrigin = false
        var sawPurpose = false
        for (name, list) in consulted {
            if let origin = list.origin {
                sawOrigin = true
                guard origin == AndroidKeyDescription.originGenerated else {
                    throw WebAuthnError(
                        .invalidAttestationStatement,
                        "the android-key \(name) origin is \(origin), not KM_ORIGIN_GENERATED (0): "
                            + "the key was not generated in the keystore"
                    )
                }
            }
            if let purposes = list.purposes {
                sawPurpose = true
                guard purposes.contains(AndroidKeyDescription.purposeSign) else {
                    throw WebAuthnError(
                        .invalidAttestationStatement,
                        "the android-key \(name) purpose \(purposes) does not include KM_PURPOSE_SIGN (2)"
                    )
                }
            }
        }
        if policy.requireOriginAndPurpose {
            let lists = consulted.map(\.0).joined(separator: " or ")
            guard sawOrigin else {
                throw WebAuthnError(.invalidAttestationStatement, "the android-key \(lists) list has no origin [702]")
            }
            guard sawPurpose else {
                throw WebAuthnError(.invalidAttestationStatement, "the android-key \(lists) list has no purpose [1]")
            }
        }
    }
}
