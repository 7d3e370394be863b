import ArgumentParser
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting

/// `passkey-verify authentication [FLAGS] [FILE]`: verifies one `AuthenticationResponseJSON`
/// (WebAuthn Level 3 §5.1, §7.2) against a stored credential given by flags.
struct AuthenticationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authentication",
        abstract: "Verify one AuthenticationResponseJSON (WebAuthn Level 3 §7.2).",
        discussion: """
            Prints one JSON object: {"verified": true, "credentialId": ..., "newSignCount": ..., \
            "userPresent": ..., "userVerified": ..., "backupEligible": ..., "backupState": ...} or \
            {"verified": false, "error": {"code": ..., "message": ...}}.
            """
    )

    @OptionGroup var ceremony: CeremonyOptions

    // Base64url values may start with "-": each is always the next argument, never read as a flag.
    @Option(
        name: .customLong("public-key"),
        parsing: .unconditional,
        help: "The stored COSE_Key of the credential, base64url (standard base64 accepted; required)."
    )
    var publicKey: String

    @Option(name: .customLong("sign-count"), help: "The stored signature counter.")
    var signCount: UInt32 = 0

    @Option(
        name: .customLong("credential-id"),
        parsing: .unconditional,
        help: "The credential the server expected, base64url."
    )
    var credentialId: String?

    @Flag(
        name: .customLong("backup-eligible"),
        inversion: .prefixedNo,
        help: """
            The stored backup eligibility (BE) of the credential. When given, a change of BE is checked \
            (BE lost fails with invalidBackupFlags) and reported in backupEligibilityChange.
            """
    )
    var backupEligible: Bool?

    @Argument(help: "The response JSON file; standard input when absent or '-'.")
    var file: String?

    /// The stored key and credential ID are the operator's inputs: unreadable ones are usage errors.
    func validate() throws {
        guard let key = Base64URL.decode(publicKey) else {
            throw ValidationError("--public-key is not base64url (or base64)")
        }
        do {
            _ = try COSEKey(encoded: key)
        } catch {
            throw ValidationError("--public-key is not a usable COSE_Key: \(error)")
        }
        if let credentialId, Base64URL.decode(credentialId) == nil {
            throw ValidationError("--credential-id is not base64url (or base64)")
        }
    }

    func run() throws {
        var verifiers = RegistrationVerifierCache(capacity: 1)
        try SingleCeremony.run(.authentication, file: file, options: ceremony, verifiers: &verifiers) { recorded in
            recorded.publicKey = publicKey
            recorded.signCount = signCount
            recorded.credentialId = credentialId
            recorded.backupEligible = backupEligible
        }
    }
}
