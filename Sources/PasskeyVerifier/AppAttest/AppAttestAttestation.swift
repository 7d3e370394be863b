import PasskeyCBOR
import PasskeyCrypto

/// An App Attest attestation object, decoded but not yet verified (Apple DeviceCheck,
/// "Validating apps that connect to your server", "Verify the attestation").
///
/// It has the shape of a WebAuthn attestation object (WebAuthn Level 3 §6.5.4):
/// `{fmt: "apple-appattest", attStmt: {x5c: [credCert, intermediate...], receipt: bytes},
/// authData: bytes}`, in CTAP2 canonical CBOR, with authenticator data that carries attested
/// credential data. Errors: ``WebAuthnError/Code/malformedCBOR`` and
/// ``WebAuthnError/Code/malformedInput`` for the object,
/// ``WebAuthnError/Code/unsupportedAttestationFormat`` for another `fmt`,
/// ``WebAuthnError/Code/invalidAttestationStatement`` for the statement,
/// ``WebAuthnError/Code/malformedAuthenticatorData`` and
/// ``WebAuthnError/Code/missingAttestedCredentialData`` for the authenticator data.
public struct AppAttestAttestation: Sendable, Hashable {
    /// `"apple-appattest"`.
    public static let format = "apple-appattest"

    /// `x5c`: the credential certificate first, then its intermediates.
    public let certificateChain: [Certificate]
    /// `receipt`: Apple's receipt for the attested key.
    public let receipt: [UInt8]
    /// `authData`, parsed; `rawBytes` are the bytes the nonce covers.
    public let authenticatorData: AuthenticatorData
    /// The attested credential data of ``authenticatorData``.
    public let attestedCredentialData: AttestedCredentialData

    /// Decodes an attestation object as `DCAppAttestService.attestKey` returns it.
    public init(bytes: [UInt8]) throws(WebAuthnError) {
        let object = try AttestationObject(bytes: bytes)
        guard object.format == Self.format else {
            throw WebAuthnError(
                .unsupportedAttestationFormat,
                "the App Attest attestation object's fmt is \"\(object.format)\", not \"\(Self.format)\""
            )
        }
        let members = try AttestationStatementMembers(
            object.attestationStatement,
            format: Self.format,
            allowed: ["x5c", "receipt"]
        )
        certificateChain = try members.certificateChain()
        receipt = try members.byteString("receipt")
        authenticatorData = object.authenticatorData
        guard let attested = object.authenticatorData.attestedCredentialData else {
            throw WebAuthnError(
                .missingAttestedCredentialData,
                "the App Attest authenticator data has no attested credential data (AT flag clear)"
            )
        }
        attestedCredentialData = attested
    }
}
