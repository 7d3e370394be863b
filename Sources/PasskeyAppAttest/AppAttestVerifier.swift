import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Verifies Apple App Attest attestations and assertions for one app (Apple DeviceCheck,
/// "Validating apps that connect to your server").
///
/// App Attest is not WebAuthn, but its objects reuse WebAuthn's encodings; this verifier keeps
/// the two apart: `RegistrationVerifier` never accepts `apple-appattest`. Like the rest of the
/// library it is a pure function of its inputs: the verification instant is a parameter and the
/// caller stores the key and counter.
///
/// Attestation (steps 1–9 of Apple's "Verify the attestation"), with the error code of each rule:
/// 1. `x5c` chains to the Apple App Attestation Root CA (``AppleAppAttestationRootCA``) at the
///    verification instant — `untrustedAttestation`;
/// 2.–4. the credential certificate's extension `1.2.840.113635.100.8.2` holds
///    `SHA-256(authData || clientDataHash)` — `invalidAttestationStatement`;
/// 5. SHA-256 of the credential certificate's uncompressed P-256 public key is the key identifier
///    the app sent — `credentialMismatch`;
/// 6. `rpIdHash` is SHA-256 of the App ID (`teamID.bundleID`) — `rpIdMismatch`;
/// 7. the counter is 0 — `invalidAttestationStatement`;
/// 8. the AAGUID is the environment's (`appattestdevelop` or `appattest` + 7 zero bytes) —
///    `invalidAttestationStatement`;
/// 9. the credential ID is the key identifier — `credentialMismatch`; and (beyond Apple's list)
///    the COSE key in the authenticator data is the credential certificate's key —
///    `invalidAttestationStatement`.
///
/// Assertion (Apple's "Verify the assertion"): `nonce = SHA-256(authenticatorData ||
/// clientDataHash)`; the signature is ECDSA P-256 with SHA-256 over `nonce` under the stored
/// key — `invalidSignature`; `rpIdHash` is SHA-256 of the App ID — `rpIdMismatch`; the counter
/// is greater than the stored one — `signCountRegression`. Checking the challenge embedded in
/// the client data is the caller's business.
public struct AppAttestVerifier: Sendable {
    /// The App ID: the team identifier, a period and the bundle identifier.
    public let appID: String
    /// The environment attestations must come from.
    public let environment: AppAttestEnvironment
    private let appIDHash: [UInt8]
    private let chainVerifier: CertificateChainVerifier

    /// Creates a verifier for one app.
    /// - Parameters:
    ///   - appID: `teamID.bundleID`, for example `0352187391.com.apple.example_app_attest`.
    ///   - environment: Where the app's attestations come from.
    ///   - trustAnchors: The roots attestation chains must reach; the Apple App Attestation Root CA
    ///     by default.
    public init(
        appID: String,
        environment: AppAttestEnvironment,
        trustAnchors: [Certificate] = AppleAppAttestationRootCA.certificate.map { [$0] } ?? []
    ) {
        self.appID = appID
        self.environment = environment
        self.appIDHash = HashAlgorithm.sha256.hash(Array(appID.utf8))
        self.chainVerifier = CertificateChainVerifier(trustAnchors: trustAnchors)
    }

    /// Verifies an attestation object (Apple's "Verify the attestation", steps 1–9).
    /// - Parameters:
    ///   - attestationObject: What `DCAppAttestService.attestKey` returned.
    ///   - keyID: The key identifier the app sent (`generateKey`'s `keyId`, base64-decoded), 32 bytes.
    ///   - clientDataHash: The exact bytes the app passed to `attestKey` as `clientDataHash`
    ///     (normally SHA-256 of the server's one-time challenge, or of client data embedding it).
    ///   - instant: When the certificates must be valid.
    /// - Returns: The attested key, to store with its counter (0).
    public func verifyAttestation(
        _ attestationObject: [UInt8],
        keyID: [UInt8],
        clientDataHash: [UInt8],
        at instant: Date
    ) throws(WebAuthnError) -> AppAttestKey {
        guard keyID.count == 32 else {
            throw WebAuthnError(.malformedInput, "the App Attest key identifier is \(keyID.count) bytes, not 32")
        }
        let attestation = try AppAttestAttestation(bytes: attestationObject)
        let chain = attestation.certificateChain
        guard let credentialCertificate = chain.first else {
            throw WebAuthnError(.invalidAttestationStatement, "the App Attest x5c is empty")
        }
        do {
            try chainVerifier.verify(leaf: credentialCertificate, intermediates: Array(chain.dropFirst()), at: instant)
        } catch {
            throw WebAuthnError(
                .untrustedAttestation,
                "the App Attest certificate chain does not validate at \(instant): \(error)"
            )
        }
        let expectedNonce = HashAlgorithm.sha256.hash(attestation.authenticatorData + clientDataHash)
        try Self.checkNonce(expectedNonce, in: credentialCertificate)
        let certifiedKeyID = HashAlgorithm.sha256.hash(try Self.uncompressedPoint(of: credentialCertificate))
        guard ConstantTime.equals(certifiedKeyID, keyID) else {
            throw WebAuthnError(
                .credentialMismatch,
                "SHA-256 of the App Attest credential certificate's public key is not the key identifier"
            )
        }
        guard ConstantTime.equals(attestation.relyingPartyIDHash, appIDHash) else {
            throw WebAuthnError(.rpIdMismatch, "the App Attest rpIdHash is not SHA-256 of the App ID \"\(appID)\"")
        }
        guard attestation.signCount == 0 else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the App Attest attestation counter is \(attestation.signCount), not 0"
            )
        }
        let credential = attestation.attestedCredentialData
        guard credential.aaguid.bytes == environment.aaguid else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the App Attest AAGUID \(Self.describe(credential.aaguid.bytes)) is not the \(environment) "
                    + "environment's \(Self.describe(environment.aaguid))"
            )
        }
        guard ConstantTime.equals(credential.credentialID, keyID) else {
            throw WebAuthnError(.credentialMismatch, "the App Attest credential ID is not the key identifier")
        }
        guard credential.credentialPublicKey.publicKey == credentialCertificate.publicKey else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the App Attest credential public key is not the credential certificate's key"
            )
        }
        return AppAttestKey(
            keyID: keyID,
            publicKey: credentialCertificate.publicKey,
            environment: environment,
            signCount: attestation.signCount,
            receipt: attestation.receipt,
            certificateChain: chain
        )
    }

    /// Verifies an attestation whose `clientDataHash` was SHA-256 of `clientData` (often the
    /// server's challenge itself); see ``verifyAttestation(_:keyID:clientDataHash:at:)``.
    public func verifyAttestation(
        _ attestationObject: [UInt8],
        keyID: [UInt8],
        clientData: [UInt8],
        at instant: Date
    ) throws(WebAuthnError) -> AppAttestKey {
        try verifyAttestation(
            attestationObject,
            keyID: keyID,
            clientDataHash: HashAlgorithm.sha256.hash(clientData),
            at: instant
        )
    }

    /// Verifies an assertion (Apple's "Verify the assertion") and returns its counter, to store.
    /// - Parameters:
    ///   - assertion: What `DCAppAttestService.generateAssertion` returned.
    ///   - clientData: The request data the app hashed into `clientDataHash`.
    ///   - key: The public key stored from the attestation (``AppAttestKey/publicKey``).
    ///   - storedCounter: The counter stored for the key (0 after the attestation).
    public func verifyAssertion(
        _ assertion: [UInt8],
        clientData: [UInt8],
        key: PublicKey,
        storedCounter: UInt32
    ) throws(WebAuthnError) -> UInt32 {
        try verifyAssertion(
            assertion,
            clientDataHash: HashAlgorithm.sha256.hash(clientData),
            key: key,
            storedCounter: storedCounter
        )
    }

    /// Verifies an assertion whose `clientDataHash` the caller computed; see
    /// ``verifyAssertion(_:clientData:key:storedCounter:)``.
    public func verifyAssertion(
        _ assertion: [UInt8],
        clientDataHash: [UInt8],
        key: PublicKey,
        storedCounter: UInt32
    ) throws(WebAuthnError) -> UInt32 {
        let parsed = try AppAttestAssertion(bytes: assertion)
        let nonce = HashAlgorithm.sha256.hash(parsed.authenticatorData + clientDataHash)
        let verified: Bool
        do {
            verified = try key.isValidSignature(parsed.signature, for: nonce, algorithm: .es256)
        } catch {
            throw WebAuthnError(.invalidPublicKey, "the stored App Attest key is not an EC P-256 key: \(error)")
        }
        guard verified else {
            throw WebAuthnError(.invalidSignature, "the App Attest assertion signature does not verify over the nonce")
        }
        guard ConstantTime.equals(parsed.relyingPartyIDHash, appIDHash) else {
            throw WebAuthnError(.rpIdMismatch, "the App Attest assertion's rpIdHash is not SHA-256 of \"\(appID)\"")
        }
        guard parsed.signCount > storedCounter else {
            throw WebAuthnError(
                .signCountRegression,
                "the App Attest assertion counter \(parsed.signCount) is not greater than the stored \(storedCounter)"
            )
        }
        return parsed.signCount
    }

    // MARK: - Certificate contents

    /// Checks the nonce extension `1.2.840.113635.100.8.2`: `SEQUENCE { [1] EXPLICIT OCTET STRING }`.
    private static func checkNonce(_ expected: [UInt8], in certificate: Certificate) throws(WebAuthnError) {
        let oid = CertificateExtensionValues.appleNonceOID
        guard let nonceExtension = certificate.extension(oid: oid) else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the App Attest credential certificate has no nonce extension \(oid)"
            )
        }
        let certified: [UInt8]
        do {
            certified = try CertificateExtensionValues.appleNonce(from: nonceExtension.value)
        } catch {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the App Attest nonce extension is not SEQUENCE { [1] EXPLICIT OCTET STRING }"
            )
        }
        guard ConstantTime.equals(certified, expected) else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the App Attest nonce is not SHA-256(authenticatorData || clientDataHash)"
            )
        }
    }

    /// The 65-byte uncompressed point (`04 || x || y`) of a P-256 certificate key, from its
    /// SubjectPublicKeyInfo `SEQUENCE { AlgorithmIdentifier, BIT STRING }` (RFC 5480 §2).
    private static func uncompressedPoint(of certificate: Certificate) throws(WebAuthnError) -> [UInt8] {
        guard certificate.publicKey.ellipticCurve == .p256 else {
            throw WebAuthnError(.invalidAttestationStatement, "the App Attest credential certificate key is not P-256")
        }
        do {
            let fields = try DER.children(of: certificate.publicKey.subjectPublicKeyInfo[...])
            guard fields.count == 2, fields[1].tag == 0x03, fields[1].value.first == 0 else {
                throw CertificateExtensionValueError.malformed
            }
            let point = Array(fields[1].value.dropFirst())
            guard point.count == 65, point.first == 0x04 else {
                throw CertificateExtensionValueError.malformed
            }
            return point
        } catch {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the App Attest credential certificate key is not an uncompressed P-256 point"
            )
        }
    }

    private static func describe(_ aaguid: [UInt8]) -> String {
        "\"" + String(decoding: aaguid.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
            + "\""
    }
}
