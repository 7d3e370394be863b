/// The one error every verification in this library throws.
///
/// `code` is stable (it is part of the `passkey-verify` contract and safe to
/// switch on or store); `message` says precisely what was wrong and may
/// improve between releases. Two errors are equal when their codes are equal,
/// so tests compare codes and messages stay free to change.
///
/// The codes follow the checks of WebAuthn Level 3 §7.1 (registration) and
/// §7.2 (authentication); the relying-party facade adds the codes that need
/// stored state.
public struct WebAuthnError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable error code: one per check of WebAuthn Level 3 §7.1 and §7.2 and of the §8
    /// attestation statement formats, plus the relying-party facade's stored-state checks.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, as printed by `passkey-verify`.
        public let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// JSON or base64 that cannot be read, or a missing field.
        public static let malformedInput = Code("malformedInput")
        /// CBOR that is invalid, truncated, too deep, non-minimal or has trailing bytes (§6.5.1).
        public static let malformedCBOR = Code("malformedCBOR")
        /// Authenticator data too short, inconsistent flags and contents, or trailing bytes (§6.1).
        public static let malformedAuthenticatorData = Code("malformedAuthenticatorData")
        /// clientDataJSON that is empty, not JSON, missing or mistyping members, or with a malformed `tokenBinding`
        /// (§5.8.1).
        public static let malformedClientData = Code("malformedClientData")
        /// `type` in the client data is not the one the ceremony expects (§7.1 `#sctn-registering-a-new-credential`
        /// step "C.type", §7.2 `#sctn-verifying-assertion` step "C.type").
        public static let typeMismatch = Code("typeMismatch")
        /// The challenge differs from the expected one (§7.1 `#sctn-registering-a-new-credential` step "C.challenge",
        /// §7.2 `#sctn-verifying-assertion` step "C.challenge").
        public static let challengeMismatch = Code("challengeMismatch")
        /// The origin is not among the expected ones (§7.1 `#rp-op-registering-a-new-credential-step-origin`,
        /// §7.2 `#rp-op-verifying-assertion-step-origin`).
        public static let originMismatch = Code("originMismatch")
        /// `crossOrigin` is true or a `topOrigin` is present where not allowed
        /// (§7.1 `#sctn-registering-a-new-credential` steps "C.crossOrigin" and "C.topOrigin",
        /// §7.2 `#sctn-verifying-assertion` likewise).
        public static let crossOriginNotAllowed = Code("crossOriginNotAllowed")
        /// rpIdHash is not the SHA-256 of the RP ID (§7.1 `#sctn-registering-a-new-credential` step "rpIdHash",
        /// §7.2 `#rp-op-verifying-assertion-step-rpid-hash`).
        public static let rpIdMismatch = Code("rpIdMismatch")
        /// The UP flag is clear (§7.1 `#sctn-registering-a-new-credential` step "UP", §7.2 `#sctn-verifying-assertion`
        /// step "UP").
        public static let userNotPresent = Code("userNotPresent")
        /// The UV flag is clear while user verification is required (§7.1 `#sctn-registering-a-new-credential`
        /// step "UV", §7.2 `#sctn-verifying-assertion` step "UV").
        public static let userNotVerified = Code("userNotVerified")
        /// BS is set while BE is clear, or BE changed against policy (§6.1.3).
        public static let invalidBackupFlags = Code("invalidBackupFlags")
        /// A registration without attested credential data (§6.5.1; §7.1 `#sctn-registering-a-new-credential`
        /// step "alg" reads the credential public key from it).
        public static let missingAttestedCredentialData = Code("missingAttestedCredentialData")
        /// A credential ID longer than 1023 bytes (§7.1 `#sctn-registering-a-new-credential`
        /// step "credentialId length").
        public static let credentialIdTooLong = Code("credentialIdTooLong")
        /// A COSE algorithm that is not supported or not allowed (§7.1 `#sctn-registering-a-new-credential`
        /// step "alg").
        public static let unsupportedAlgorithm = Code("unsupportedAlgorithm")
        /// A COSE key that is malformed, on the wrong curve or not on its curve (§6.5.1.1).
        public static let invalidPublicKey = Code("invalidPublicKey")
        /// A signature that does not verify (§7.2 `#sctn-verifying-assertion` step "signature", §8).
        public static let invalidSignature = Code("invalidSignature")
        /// An attestation statement format this verifier does not know (§7.1 `#sctn-registering-a-new-credential`
        /// step "fmt").
        public static let unsupportedAttestationFormat = Code("unsupportedAttestationFormat")
        /// An attestation statement that is malformed or breaks its format's rules
        /// (§7.1 `#reg-ceremony-verify-attestation`, §8).
        public static let invalidAttestationStatement = Code("invalidAttestationStatement")
        /// A chain that reaches no trust anchor, or a certificate outside its validity
        /// (§7.1 `#reg-ceremony-assess-trust`).
        public static let untrustedAttestation = Code("untrustedAttestation")
        /// An extension the relying party enforced is missing from, or weaker in, the authenticator data
        /// (§7.1 `#reg-ceremony-verify-extension-outputs`; `credProtect`, CTAP 2.1 §12.1).
        public static let extensionMismatch = Code("extensionMismatch")
        /// The credential ID or the userHandle is not the expected one (§7.2 `#sctn-verifying-assertion`
        /// steps "allowCredentials" and "identify the user").
        public static let credentialMismatch = Code("credentialMismatch")
        /// A new sign counter not greater than a stored non-zero counter (§6.1.1, §7.2 `#sctn-verifying-assertion`
        /// step "signCount").
        public static let signCountRegression = Code("signCountRegression")
        /// The challenge was never issued, has expired, or was already used.
        public static let challengeNotFound = Code("challengeNotFound")
        /// The credential ID is already registered, to any user (§7.1 `#sctn-registering-a-new-credential`
        /// step "credentialId not yet registered").
        public static let credentialAlreadyRegistered = Code("credentialAlreadyRegistered")
        /// No stored credential has this ID, or it is not in allowCredentials (§7.2 `#sctn-verifying-assertion` steps
        /// "allowCredentials" and "identify the user").
        public static let unknownCredential = Code("unknownCredential")
        /// A Sign in with Apple identity token that is not a compact JWS JWT with the expected members and
        /// types (RFC 7515 §7.1, RFC 7519 §7.2), or a JSON Web Key Set that cannot be read (RFC 7517 §5).
        public static let identityTokenMalformed = Code("identityTokenMalformed")
        /// The identity token's `kid` names no key of the supplied JSON Web Key Set (RFC 7515 §4.1.4).
        public static let identityTokenKeyNotFound = Code("identityTokenKeyNotFound")
        /// The identity token's RS256 signature does not verify with the key its `kid` names (RFC 7515 §5.2).
        public static let identityTokenSignatureInvalid = Code("identityTokenSignatureInvalid")
        /// The identity token's `iss` is not `https://appleid.apple.com` (RFC 7519 §4.1.1).
        public static let identityTokenIssuerMismatch = Code("identityTokenIssuerMismatch")
        /// The identity token's `aud` names none of the accepted client IDs (RFC 7519 §4.1.3).
        public static let identityTokenAudienceMismatch = Code("identityTokenAudienceMismatch")
        /// The identity token's `exp` has passed, leeway included (RFC 7519 §4.1.4).
        public static let identityTokenExpired = Code("identityTokenExpired")
        /// The identity token's `iat` is in the future, leeway included (RFC 7519 §4.1.6).
        public static let identityTokenIssuedInFuture = Code("identityTokenIssuedInFuture")
        /// The identity token's `nonce` is missing or is not the SHA-256 of the raw nonce the app generated.
        public static let identityTokenNonceMismatch = Code("identityTokenNonceMismatch")
        /// A FIDO metadata BLOB that is malformed, too large, unsigned by its chain, or whose signing chain does
        /// not reach the configured root at the instant or is revoked (FIDO Metadata Service v3.0 §3.2).
        public static let invalidMetadata = Code("invalidMetadata")
        /// A FIDO metadata BLOB whose `nextUpdate` has passed, under the `reject` stale policy (FIDO Metadata
        /// Service v3.0 §3.1.6).
        public static let staleMetadata = Code("staleMetadata")
        /// A FIDO metadata BLOB whose serial number `no` is smaller than the one loaded before (FIDO Metadata
        /// Service v3.0 §3.1.6).
        public static let metadataRollback = Code("metadataRollback")
        /// The authenticator's latest metadata status is one the relying party rejects, such as `REVOKED` or
        /// `ATTESTATION_KEY_COMPROMISE` (FIDO Metadata Service v3.0 §3.1.4; WebAuthn Level 3
        /// §7.1 `#reg-ceremony-assess-trust`).
        public static let authenticatorStatusRejected = Code("authenticatorStatusRejected")
        /// The authenticator lacks the FIDO certification level the relying party requires, has no metadata
        /// entry, or its attestation is not trusted (FIDO Metadata Service v3.0 §3.1.4).
        public static let uncertifiedAuthenticator = Code("uncertifiedAuthenticator")

        /// Every code, in the order of the `passkey-verify` contract.
        public static let allCodes: [Code] = [
            .malformedInput, .malformedCBOR, .malformedAuthenticatorData, .malformedClientData,
            .typeMismatch, .challengeMismatch, .originMismatch, .crossOriginNotAllowed,
            .rpIdMismatch, .userNotPresent, .userNotVerified, .invalidBackupFlags,
            .missingAttestedCredentialData, .credentialIdTooLong, .unsupportedAlgorithm,
            .invalidPublicKey, .invalidSignature, .unsupportedAttestationFormat,
            .invalidAttestationStatement, .untrustedAttestation, .credentialMismatch,
            .signCountRegression, .challengeNotFound, .credentialAlreadyRegistered,
            .unknownCredential, .extensionMismatch,
            .invalidMetadata, .staleMetadata, .metadataRollback, .authenticatorStatusRejected,
            .uncertifiedAuthenticator,
            .identityTokenMalformed, .identityTokenKeyNotFound, .identityTokenSignatureInvalid,
            .identityTokenIssuerMismatch, .identityTokenAudienceMismatch, .identityTokenExpired,
            .identityTokenIssuedInFuture, .identityTokenNonceMismatch,
        ]

        /// Looks a code up by its stable name.
        public init?(name: String) {
            guard let code = Code.allCodes.first(where: { $0.name == name }) else { return nil }
            self = code
        }

        /// The stable name.
        public var description: String { name }
    }

    /// The stable code.
    public let code: Code
    /// What exactly was wrong, for people and logs.
    public let message: String
    /// The source file that raised the error, for diagnostics.
    public let file: String
    /// The source line that raised the error, for diagnostics.
    public let line: UInt
    /// The credential ID the response named, when the error is `unknownCredential` because no credential
    /// with that ID is registered: what ``RelyingParty/signalUnknownCredential(credentialID:)`` turns into
    /// the JSON for `PublicKeyCredential.signalUnknownCredential()` (WebAuthn Level 3 §5.1.10.1), so the
    /// user's credential manager can hide the deleted passkey. `nil` for every other error.
    public let unknownCredentialID: [UInt8]?

    /// Creates an error.
    @inlinable
    public init(_ code: Code, _ message: String, file: String = #fileID, line: UInt = #line) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.unknownCredentialID = nil
    }

    /// Creates an `unknownCredential` error for a credential ID that no record has.
    init(unknownCredentialID: [UInt8], _ message: String, file: String = #fileID, line: UInt = #line) {
        self.code = .unknownCredential
        self.message = message
        self.file = file
        self.line = line
        self.unknownCredentialID = unknownCredentialID
    }

    /// `code: message`.
    public var description: String { "\(code.name): \(message)" }

    /// Errors are equal when their codes are.
    public static func == (lhs: WebAuthnError, rhs: WebAuthnError) -> Bool {
        lhs.code == rhs.code
    }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }
}
