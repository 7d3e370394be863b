import PasskeyCrypto
import PasskeyVerifier

/// The ceremonies driven by the options a relying party sent, read as a browser reads them for
/// `navigator.credentials.create()` (WebAuthn Level 3 §5.1.3) and `navigator.credentials.get()` (§5.1.4), so
/// that a test hands over exactly what its server produced: the challenge, the user handle and the RP ID
/// come from the options and cannot be forgotten.
extension VirtualAuthenticator {
    /// Creates a credential as `navigator.credentials.create({ publicKey: options })` would (§5.1.3).
    ///
    /// Reads the challenge, `user.id` (the user handle the assertion will return), `rp.id` (which must be
    /// ``relyingPartyID``), the first algorithm of `pubKeyCredParams` this authenticator can make,
    /// `excludeCredentials`, `authenticatorSelection` (attachment and user verification) and the extensions
    /// it supports: `credProps` (`rk: true`: every credential of this authenticator is discoverable), `prf`
    /// (`enabled: true`, and results for `eval`, see ``prfResult(credentialID:input:)``) and `largeBlob`
    /// (`supported: true` when `support` is asked).
    ///
    /// - Throws: ``VirtualAuthenticatorError``: `invalidParameter` for an undecodable challenge or user
    ///   handle; `securityError` for another RP ID; `invalidState` when `excludeCredentials` names a credential
    ///   it holds for the RP ID; `notAllowed` when user verification is required and ``flags`` lack UV, or
    ///   another attachment is required; `unsupportedAlgorithm` when no listed algorithm can be made.
    @discardableResult
    public mutating func register(
        options: PublicKeyCredentialCreationOptionsJSON
    ) throws(VirtualAuthenticatorError) -> VirtualRegistration {
        guard let challenge = options.challengeBytes, !challenge.isEmpty else {
            throw VirtualAuthenticatorError(.invalidParameter, "the options' challenge is not base64url")
        }
        guard let userHandle = Base64URL.decode(options.user.id),
            (PublicKeyCredentialUserEntity.minimumIDLength...PublicKeyCredentialUserEntity.maximumIDLength)
                .contains(userHandle.count)
        else {
            throw VirtualAuthenticatorError(.invalidParameter, "the options' user.id is not 1 to 64 bytes of base64url")
        }
        try checkRelyingPartyID(options.rp.id)
        let excluded = Set(options.excludeCredentials.compactMap(\.credentialID))
        if credentials.contains(where: { $0.relyingPartyID == relyingPartyID && excluded.contains($0.id) }) {
            throw VirtualAuthenticatorError(
                .invalidState,
                "excludeCredentials names a credential this authenticator already holds for \(relyingPartyID)"
            )
        }
        let selection = options.authenticatorSelection
        try checkAttachment(selection?.authenticatorAttachment)
        try checkUserVerification(selection?.userVerification)
        let key = try Self.firstKey(for: options.pubKeyCredParams)
        let extensionOutputs = clientExtensionResults
        defer { clientExtensionResults = extensionOutputs }
        let credentialID = RandomBytes.generate(credentialIDLength)
        let requested = options.extensions
        if requested?.credProps == true {
            clientExtensionResults.credProps = .init(rk: true)
        }
        if let prf = requested?.prf {
            clientExtensionResults.prf = .init(
                enabled: true,
                results: prf.eval.map { Self.prfResults(credentialID: credentialID, salts: $0) }
            )
        }
        if requested?.largeBlob?.support != nil {
            clientExtensionResults.largeBlob = .init(supported: true)
        }
        return try register(challenge: challenge, key: key, credentialID: credentialID, userHandle: userHandle)
    }

    /// Signs an assertion as `navigator.credentials.get({ publicKey: options })` would (§5.1.4): with the most
    /// recent credential for ``relyingPartyID`` that `allowCredentials` lists, or, when the list is empty, the
    /// most recent discoverable credential for the RP ID. Answers the `prf` extension (`evalByCredential` for
    /// the chosen credential, else `eval`) and `largeBlob` (`read` returns what a `write` stored in
    /// ``largeBlobs``).
    ///
    /// - Throws: ``VirtualAuthenticatorError``: `invalidParameter` for an undecodable challenge;
    ///   `securityError` for another RP ID; `credentialNotFound` when no credential qualifies; `notAllowed`
    ///   when user verification is required and ``flags`` lack UV.
    public mutating func authenticate(
        options: PublicKeyCredentialRequestOptionsJSON
    ) throws(VirtualAuthenticatorError) -> VirtualAssertion {
        guard let challenge = options.challengeBytes, !challenge.isEmpty else {
            throw VirtualAuthenticatorError(.invalidParameter, "the options' challenge is not base64url")
        }
        try checkRelyingPartyID(options.rpId)
        try checkUserVerification(options.userVerification)
        let allowed = Set(options.allowCredentials.compactMap(\.credentialID))
        let candidate = credentials.last { credential in
            credential.relyingPartyID == relyingPartyID && (allowed.isEmpty || allowed.contains(credential.id))
        }
        guard let candidate else {
            throw VirtualAuthenticatorError(
                .credentialNotFound,
                allowed.isEmpty
                    ? "no discoverable credential for \(relyingPartyID)"
                    : "none of the \(allowed.count) allowCredentials is held for \(relyingPartyID)"
            )
        }
        let extensionOutputs = clientExtensionResults
        defer { clientExtensionResults = extensionOutputs }
        if let prf = options.extensions?.prf,
            let salts = prf.evalByCredential?[Base64URL.encode(candidate.id)] ?? prf.eval
        {
            clientExtensionResults.prf = .init(results: Self.prfResults(credentialID: candidate.id, salts: salts))
        }
        if let largeBlob = options.extensions?.largeBlob {
            if let write = largeBlob.write.flatMap({ Base64URL.decode($0) }) {
                largeBlobs[candidate.id] = write
                clientExtensionResults.largeBlob = .init(written: true)
            } else if largeBlob.read == true {
                clientExtensionResults.largeBlob = .init(blob: largeBlobs[candidate.id].map { Base64URL.encode($0) })
            }
        }
        return try authenticate(challenge: challenge, credentialID: candidate.id)
    }

    /// What this authenticator's PRF (CTAP2 `hmac-secret`) returns for `input` with the credential
    /// `credentialID` (§10.1.4): HMAC-SHA-256 keyed with a secret derived from the credential ID, over
    /// SHA-256("WebAuthn PRF" ‖ 0x00 ‖ input) as the client prepares the salt. Deterministic, so a test can
    /// compute the value it expects.
    public static func prfResult(credentialID: [UInt8], input: [UInt8]) -> [UInt8] {
        let secret = HashAlgorithm.sha256.hash(Array("PasskeyVerifierTesting virtual PRF".utf8) + credentialID)
        let salt = HashAlgorithm.sha256.hash(Array("WebAuthn PRF".utf8) + [0x00] + input)
        return hmacSHA256(key: secret, message: salt)
    }

    /// The PRF results for both salts of `salts` (an undecodable salt evaluates as empty bytes).
    private static func prfResults(
        credentialID: [UInt8],
        salts: AuthenticationExtensionsPRFValuesJSON
    ) -> AuthenticationExtensionsPRFValuesJSON {
        AuthenticationExtensionsPRFValuesJSON(
            first: prfResult(credentialID: credentialID, input: salts.firstBytes ?? []),
            second: salts.second.map { _ in prfResult(credentialID: credentialID, input: salts.secondBytes ?? []) }
        )
    }

    /// HMAC-SHA-256 (RFC 2104) of `message` under a key of at most 64 bytes.
    private static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        let block = key + [UInt8](repeating: 0, count: max(0, 64 - key.count))
        let inner = HashAlgorithm.sha256.hash(block.map { $0 ^ 0x36 } + message)
        return HashAlgorithm.sha256.hash(block.map { $0 ^ 0x5C } + inner)
    }

    /// The options' RP ID, when given, must be this authenticator's (the client derives it from the origin).
    private func checkRelyingPartyID(_ requested: String?) throws(VirtualAuthenticatorError) {
        guard let requested, requested != relyingPartyID else { return }
        throw VirtualAuthenticatorError(
            .securityError,
            "the options ask for the RP ID \(requested); this authenticator's origin uses \(relyingPartyID)"
        )
    }

    /// `userVerification: required` needs the UV flag (§5.8.6).
    private func checkUserVerification(_ requirement: UserVerificationRequirement?) throws(VirtualAuthenticatorError) {
        guard requirement == .required, !flags.contains(.userVerified) else { return }
        throw VirtualAuthenticatorError(.notAllowed, "user verification is required and this authenticator has none")
    }

    /// A required attachment must be this authenticator's, when it declares one (§5.4.5).
    private func checkAttachment(_ required: AuthenticatorAttachment?) throws(VirtualAuthenticatorError) {
        guard let required, let own = authenticatorAttachment, own != required.rawValue else { return }
        throw VirtualAuthenticatorError(
            .notAllowed, "the options require a \(required.rawValue) authenticator; this one is \(own)")
    }

    /// A new key for the first algorithm of `parameters` that can be generated (§5.4 `pubKeyCredParams`).
    private static func firstKey(
        for parameters: [PublicKeyCredentialParameters]
    ) throws(VirtualAuthenticatorError) -> VirtualCredentialKey {
        for parameter in parameters where parameter.type == "public-key" {
            do {
                return try VirtualCredentialKey.generate(parameter.algorithm)
            } catch  where error.code == .unsupportedAlgorithm {
                continue
            }
        }
        throw VirtualAuthenticatorError(
            .unsupportedAlgorithm,
            "none of pubKeyCredParams \(parameters.map(\.alg)) can be made by this authenticator"
        )
    }
}
