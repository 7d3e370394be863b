import PasskeyVerifierTesting

extension CeremonyOutcome {
    /// Appends the outcome as compact JSON text, without a newline: byte for byte `json.compactText` (the same
    /// members in the same order, absent ones left out, the same escaping), written straight into `output`, so
    /// that `batch` builds no ``JSONValue`` and no `String` per line.
    func appendCompactJSON(to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        CompactJSON.appendName("verified", first: true, to: &output)
        CompactJSON.appendBoolean(verified, to: &output)
        if let error {
            CompactJSON.appendName("error", to: &output)
            output.append(UInt8(ascii: "{"))
            CompactJSON.appendName("code", first: true, to: &output)
            CompactJSON.appendString(error.code, to: &output)
            CompactJSON.appendName("message", to: &output)
            CompactJSON.appendString(error.message, to: &output)
            output.append(UInt8(ascii: "}"))
        }
        Self.append("format", format, to: &output)
        Self.append("attestationType", attestationType, to: &output)
        Self.append("credentialId", credentialId, to: &output)
        Self.append("publicKey", publicKey, to: &output)
        Self.append("algorithm", algorithm, to: &output)
        Self.append("signCount", signCount.map(Int64.init), to: &output)
        Self.append("newSignCount", newSignCount.map(Int64.init), to: &output)
        Self.append("aaguid", aaguid, to: &output)
        Self.append("userPresent", userPresent, to: &output)
        Self.append("userVerified", userVerified, to: &output)
        Self.append("backupEligible", backupEligible, to: &output)
        Self.append("backupState", backupState, to: &output)
        if let trustPath {
            CompactJSON.appendName("trustPath", to: &output)
            output.append(UInt8(ascii: "["))
            for (index, certificate) in trustPath.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                CompactJSON.appendString(certificate, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        }
        Self.append("attestationTrust", attestationTrust, to: &output)
        if metadataDescription != nil || metadataStatus != nil {
            CompactJSON.appendName("metadata", to: &output)
            output.append(UInt8(ascii: "{"))
            if let metadataDescription {
                CompactJSON.appendName("description", first: true, to: &output)
                CompactJSON.appendString(metadataDescription, to: &output)
            }
            Self.append("status", metadataStatus, first: metadataDescription == nil, to: &output)
            output.append(UInt8(ascii: "}"))
        }
        Self.append("signCountRegressed", signCountRegressed, to: &output)
        Self.append("backupEligibilityChange", backupEligibilityChange, to: &output)
        output.append(UInt8(ascii: "}"))
    }

    private static func append(_ name: StaticString, _ value: String?, first: Bool = false, to output: inout [UInt8]) {
        guard let value else { return }
        CompactJSON.appendName(name, first: first, to: &output)
        CompactJSON.appendString(value, to: &output)
    }

    private static func append(_ name: StaticString, _ value: Bool?, to output: inout [UInt8]) {
        guard let value else { return }
        CompactJSON.appendName(name, to: &output)
        CompactJSON.appendBoolean(value, to: &output)
    }

    private static func append(_ name: StaticString, _ value: Int64?, to output: inout [UInt8]) {
        guard let value else { return }
        CompactJSON.appendName(name, to: &output)
        CompactJSON.appendInteger(value, to: &output)
    }
}
