import ArgumentParser
import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting

/// `passkey-verify registration [FLAGS] [FILE]`: verifies one `RegistrationResponseJSON`
/// (WebAuthn Level 3 §5.1, §7.1).
struct RegistrationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registration",
        abstract: "Verify one RegistrationResponseJSON (WebAuthn Level 3 §7.1).",
        discussion: """
            Prints one JSON object: {"verified": true, "format": ..., "attestationType": ..., "credentialId": ..., \
            "publicKey": ..., "algorithm": ..., "signCount": ..., "aaguid": ..., "userPresent": ..., \
            "userVerified": ..., "backupEligible": ..., "backupState": ..., "trustPath": [...]} (and \
            "attestationTrust": "unverified" when accepted without a trusted chain, and "metadata": \
            {"description": ..., "status": ...} when --metadata lists the authenticator) or \
            {"verified": false, "error": {"code": ..., "message": ...}}.
            """
    )

    @OptionGroup var ceremony: CeremonyOptions

    @Option(help: "The RFC 3339 instant at which certificates must be valid (default: now).")
    var at: String?

    @Option(
        name: .customLong("trust-anchor"),
        help: ArgumentHelp(
            """
            A PEM file of root certificates added to the built-in ones, for every format (repeatable). \
            A file that cannot be read or holds no PEM certificate is a usage error (exit status 2).
            """,
            valueName: "pemfile"
        )
    )
    var trustAnchors: [String] = []

    @Option(
        name: .customLong("untrusted-attestation-policy"),
        help: ArgumentHelp(
            """
            reject (the default) or acceptAsUnverified: an attestation whose chain reaches no trust anchor \
            fails with untrustedAttestation, or is accepted with "attestationTrust": "unverified" while \
            everything else is still verified.
            """,
            valueName: "policy"
        )
    )
    var untrustedAttestationPolicy: String?

    @OptionGroup var metadata: MetadataOptions

    @Argument(help: "The response JSON file; standard input when absent or '-'.")
    var file: String?

    func validate() throws {
        if let at, RFC3339.date(at) == nil {
            throw ValidationError("--at \"\(at)\" is not an RFC 3339 instant such as 2021-09-01T00:00:00Z")
        }
        if let untrustedAttestationPolicy, UntrustedAttestationPolicy(rawValue: untrustedAttestationPolicy) == nil {
            throw ValidationError(
                "--untrusted-attestation-policy \"\(untrustedAttestationPolicy)\" must be reject or acceptAsUnverified")
        }
    }

    func run() throws {
        let pemTexts = try TrustAnchorFiles.load(trustAnchors)
        let policy = try metadata.load(at: at.flatMap(RFC3339.date) ?? Date())
        var verifiers = RegistrationVerifierCache(capacity: 1, metadata: policy)
        try SingleCeremony.run(.registration, file: file, options: ceremony, verifiers: &verifiers) { recorded in
            recorded.at = at
            recorded.trustAnchors = pemTexts.isEmpty ? nil : pemTexts
            recorded.untrustedAttestationPolicy = untrustedAttestationPolicy
        }
    }
}
