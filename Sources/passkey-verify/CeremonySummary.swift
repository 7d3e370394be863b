import PasskeyCBOR
import PasskeyVerifier
import PasskeyVerifierTesting

/// The attestation format and credential algorithm of a recorded ceremony, read leniently and without
/// verifying, so that `replay` can show them for rejected ceremonies too.
enum CeremonySummary {
    /// The attestation statement format (`fmt`, WebAuthn Level 3 §6.5.4) of a registration.
    static func format(of ceremony: RecordedCeremony) -> String? {
        guard case .registration(let json) = ceremony.response else { return nil }
        return attestationObject(json)?[textKey: "fmt"]?.textStringValue
    }

    /// The COSE algorithm of the credential key: from the attested credential data of a registration
    /// (§6.5.1), from the stored `publicKey` of an authentication.
    static func algorithm(of ceremony: RecordedCeremony) -> Int64? {
        switch ceremony.response {
        case .registration(let json):
            guard let authenticatorData = attestationObject(json)?[textKey: "authData"]?.byteStringValue else {
                return nil
            }
            return credentialKeyAlgorithm(authenticatorData)
        case .authentication:
            guard let publicKey = ceremony.publicKey, let bytes = Base64URL.decode(publicKey) else { return nil }
            return (try? CBORDecoder(mode: .lenient).decode(bytes))?.mapValue?[integerKey: 3]?.integerValue
        }
    }

    private static func attestationObject(_ json: RegistrationResponseJSON) -> CBORMap? {
        guard let bytes = Base64URL.decode(json.response.attestationObject) else { return nil }
        return (try? CBORDecoder(mode: .lenient).decode(bytes))?.mapValue
    }

    /// `alg` of the COSE_Key after `aaguid || credentialIdLength || credentialId` (§6.5.1).
    private static func credentialKeyAlgorithm(_ authenticatorData: [UInt8]) -> Int64? {
        let start = AuthenticatorData.minimumLength
        guard authenticatorData.count > start + 18, authenticatorData[32] & 0x40 != 0 else { return nil }
        let length = Int(authenticatorData[start + 16]) << 8 | Int(authenticatorData[start + 17])
        let keyStart = start + 18 + length
        guard keyStart < authenticatorData.count else { return nil }
        let key = try? CBORDecoder(mode: .lenient).decodePrefix(authenticatorData[keyStart...]).value
        return key?.mapValue?[integerKey: 3]?.integerValue
    }
}
