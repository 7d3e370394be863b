import PasskeyCrypto

/// The checks §7.1 and §7.2 share, in the order the spec lists them.
enum CeremonyChecks {
    /// The shortest expected challenge by default, in bytes (§13.4.3: at least 16 random bytes).
    static let minimumChallengeLength = 16

    /// Client data: type, challenge, origin, crossOrigin and topOrigin
    /// (§7.1 `#sctn-registering-a-new-credential` steps "C.type" … "C.topOrigin", §7.2 `#sctn-verifying-assertion`
    /// likewise).
    static func verifyClientData(
        _ clientData: CollectedClientData,
        type expectedType: String,
        challenge expectedChallenge: [UInt8],
        minimumChallengeLength: Int,
        origins: Set<String>,
        crossOrigin policy: CrossOriginPolicy
    ) throws(WebAuthnError) {
        guard expectedChallenge.count >= minimumChallengeLength else {
            throw WebAuthnError(
                .challengeMismatch,
                "the expected challenge is \(expectedChallenge.count) bytes; at least \(minimumChallengeLength) random "
                    + "bytes are required (§13.4.3), so the server must pass the challenge it issued"
            )
        }
        guard clientData.type == expectedType else {
            throw WebAuthnError(
                .typeMismatch,
                "clientDataJSON type is \"\(clientData.type)\"; this ceremony expects \"\(expectedType)\""
            )
        }
        guard let challenge = Base64URL.decode(clientData.challenge) else {
            throw WebAuthnError(.challengeMismatch, "clientDataJSON challenge is not base64url")
        }
        guard ConstantTime.equals(challenge, expectedChallenge) else {
            throw WebAuthnError(.challengeMismatch, "clientDataJSON challenge is not the challenge the server issued")
        }
        guard containsExactly(origins, clientData.origin) else {
            throw WebAuthnError(
                .originMismatch,
                "origin \"\(clientData.origin)\" is not one of the expected origins \(origins.sorted())"
            )
        }
        let isCrossOrigin = clientData.crossOrigin == true
        guard isCrossOrigin || clientData.topOrigin != nil else { return }
        guard case .allowed(let topOrigins) = policy else {
            throw WebAuthnError(
                .crossOriginNotAllowed,
                "the ceremony ran in a cross-origin iframe"
                    + (clientData.topOrigin.map { " under top origin \"\($0)\"" } ?? "")
                    + " and cross-origin use is not allowed"
            )
        }
        if let topOrigin = clientData.topOrigin, !containsExactly(topOrigins, topOrigin) {
            throw WebAuthnError(
                .crossOriginNotAllowed,
                "top origin \"\(topOrigin)\" is not one of the allowed top origins \(topOrigins.sorted())"
            )
        }
    }

    /// Whether `origins` holds `origin` byte for byte. `Set.contains` compares strings by Unicode canonical
    /// equivalence, which would let a differently encoded origin match (§13.4.9 asks for exact comparison).
    private static func containsExactly(_ origins: Set<String>, _ origin: String) -> Bool {
        origins.contains { $0.utf8.elementsEqual(origin.utf8) }
    }

    /// Authenticator data: rpIdHash, UP, UV and the BS/BE consistency
    /// (§7.1 `#sctn-registering-a-new-credential` steps "rpIdHash" … "BE and BS", §7.2 `#sctn-verifying-assertion`
    /// likewise).
    static func verifyAuthenticatorData(
        _ authenticatorData: AuthenticatorData,
        relyingPartyID: String,
        relyingPartyIDHash: [UInt8],
        userVerification: UserVerificationRequirement,
        requiresUserPresence: Bool = true
    ) throws(WebAuthnError) {
        guard ConstantTime.equals(authenticatorData.relyingPartyIDHash, relyingPartyIDHash) else {
            throw WebAuthnError(.rpIdMismatch, "rpIdHash is not SHA-256 of the RP ID \"\(relyingPartyID)\"")
        }
        let flags = authenticatorData.flags
        guard flags.contains(.userPresent) || !requiresUserPresence else {
            throw WebAuthnError(.userNotPresent, "the user present (UP) flag is clear")
        }
        if userVerification == .required, !flags.contains(.userVerified) {
            throw WebAuthnError(.userNotVerified, "user verification is required but the UV flag is clear")
        }
        if flags.contains(.backupState), !flags.contains(.backupEligible) {
            throw WebAuthnError(
                .invalidBackupFlags, "the backup state (BS) flag is set while backup eligibility (BE) is clear")
        }
    }
}
