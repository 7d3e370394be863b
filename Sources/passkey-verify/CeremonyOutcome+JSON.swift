import PasskeyMetadata
import PasskeyVerifierTesting

extension CeremonyOutcome {
    /// The outcome as the `passkey-verify` contract prints it: `verified` first, then the error or the
    /// ceremony's fields in the order the contract lists them; absent fields are left out.
    var json: JSONValue {
        .members([
            "verified": .bool(verified),
            "error": error.map { .members(["code": .string($0.code), "message": .string($0.message)]) },
            "format": .string(format),
            "attestationType": .string(attestationType),
            "credentialId": .string(credentialId),
            "publicKey": .string(publicKey),
            "algorithm": .integer(algorithm),
            "signCount": .integer(signCount),
            "newSignCount": .integer(newSignCount),
            "aaguid": .string(aaguid),
            "userPresent": .bool(userPresent),
            "userVerified": .bool(userVerified),
            "backupEligible": .bool(backupEligible),
            "backupState": .bool(backupState),
            "trustPath": trustPath.map { .array($0.map(JSONValue.string)) },
            "attestationTrust": .string(attestationTrust),
            "metadata": metadataDescription == nil && metadataStatus == nil
                ? nil
                : .members(["description": .string(metadataDescription), "status": .string(metadataStatus)]),
            "signCountRegressed": .bool(signCountRegressed),
            "backupEligibilityChange": .string(backupEligibilityChange),
        ])
    }
}
