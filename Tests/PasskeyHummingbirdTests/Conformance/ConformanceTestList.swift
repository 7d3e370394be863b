#if Server
/// The FIDO2 server conformance test list, suite by suite, each test paraphrased (the tools' own wording is not
/// reproduced). The metadata suite is the MDS3 one: BLOB-level defects (signature, chain, revocation) and a
/// compromised status; the list's older MDS2 hash test does not exist for MDS3 BLOBs.
enum ConformanceTestList {
    static let creationOptions = ConformanceTest.Suite(
        id: "Server-ServerPublicKeyCredentialCreationOptions-Req-1", subject: "creation options")
    static let attestationStructure = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAttestationResponse-Resp-1", subject: "registration response structure")
    static let attestationClientData = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAttestationResponse-Resp-2", subject: "registration clientDataJSON")
    static let attestationObject = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAttestationResponse-Resp-3", subject: "attestation object")
    static let algorithms = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAttestationResponse-Resp-4", subject: "credential algorithms")
    static let packedFull = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAttestationResponse-Resp-5", subject: "packed full attestation")
    static let packedSelf = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAttestationResponse-Resp-6", subject: "packed self attestation")
    static let none = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAttestationResponse-Resp-7", subject: "none attestation")
    static let fidoU2F = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAttestationResponse-Resp-8", subject: "fido-u2f attestation")
    static let tpm = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAttestationResponse-Resp-9", subject: "tpm attestation")
    static let androidKey = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAttestationResponse-Resp-A", subject: "android-key attestation")
    static let androidSafetyNet = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAttestationResponse-Resp-B", subject: "android-safetynet attestation")
    static let requestOptions = ConformanceTest.Suite(
        id: "Server-ServerPublicKeyCredentialGetOptionsResponse-Req-1", subject: "request options")
    static let assertionStructure = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAssertionResponse-Resp-1", subject: "sign-in response structure")
    static let assertionClientData = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAssertionResponse-Resp-2", subject: "sign-in clientDataJSON")
    static let assertionAuthenticatorData = ConformanceTest.Suite(
        id: "Server-ServerAuthenticatorAssertionResponse-Resp-3", subject: "sign-in authenticator data")
    static let metadata = ConformanceTest.Suite(
        id: "MDS3-Server-ServerAuthenticatorAttestationResponse-Resp-1", subject: "metadata service (MDS3)")

    /// Every test, in the list's order.
    static let all: [ConformanceTest] =
        creationOptionsTests + registrationStructure + registrationClientData + attestationObjectTests
        + algorithmTests + packedTests + otherFormatTests + requestOptionsTests + signInTests + metadataTests

    private static func tests(
        _ suite: ConformanceTest.Suite,
        optional: Set<String> = [],
        _ entries: [(String, String)]
    ) -> [ConformanceTest] {
        entries.map {
            ConformanceTest(suite: suite, number: $0.0, isMandatory: !optional.contains($0.0), summary: $0.1)
        }
    }

    /// What a clientDataJSON suite sends, for `type` (`webauthn.create` or `webauthn.get`).
    private static func clientDataTests(_ suite: ConformanceTest.Suite, own: String, other: String)
        -> [ConformanceTest]
    {
        tests(
            suite,
            [
                ("F-1", "clientDataJSON without type"),
                ("F-2", "clientDataJSON.type is not a string"),
                ("F-3", "clientDataJSON.type is the empty string"),
                ("F-4", "clientDataJSON.type is some other text than \(own)"),
                ("F-5", "clientDataJSON.type is \(other)"),
                ("F-6", "clientDataJSON without challenge"),
                ("F-7", "clientDataJSON.challenge is not a string"),
                ("F-8", "clientDataJSON.challenge is the empty string"),
                ("F-9", "clientDataJSON.challenge is not base64url"),
                ("F-10", "clientDataJSON.challenge is not the challenge the server issued"),
                ("F-11", "clientDataJSON without origin"),
                ("F-12", "clientDataJSON.origin is not a string"),
                ("F-13", "clientDataJSON.origin is the empty string"),
                ("F-14", "clientDataJSON.origin is not the relying party's origin"),
                ("F-15", "clientDataJSON.tokenBinding is not an object"),
                ("F-16", "clientDataJSON.tokenBinding has no status"),
                ("F-17", "clientDataJSON.tokenBinding.status is none of present, supported, not-supported"),
            ])
    }

    private static let creationOptionsTests =
        tests(
            creationOptions,
            [
                (
                    "P-1",
                    "creation options: status ok and an empty errorMessage; user with name, displayName and a"
                        + " base64url id of 1 to 64 bytes; rp with name and id; a base64url challenge of at least"
                        + " 16 bytes; pubKeyCredParams of public-key entries with numeric alg; a positive timeout"
                        + " when present; the requested example extension echoed"
                ),
                ("P-2", "options asked with attestation none answer attestation none"),
                ("P-3", "two creation options carry different challenges"),
            ])

    private static let requestOptionsTests =
        tests(
            requestOptions,
            [
                (
                    "P-1",
                    "request options for a registered user: status ok, an empty errorMessage, a base64url"
                        + " challenge of at least 16 bytes, the requested example extension echoed, a positive"
                        + " timeout when present, rpId a suffix of the origin's host when present, allowCredentials"
                        + " holding exactly the registered credential, and the requested userVerification"
                ),
                ("P-2", "two request options carry different challenges"),
            ])

    private static let registrationStructure = tests(
        attestationStructure,
        [
            (
                "P-1",
                "after a registration, new creation options for the same username list that credential in"
                    + " excludeCredentials (type public-key, base64url id)"
            ),
            ("F-1", "registration response without id"),
            ("F-2", "registration response whose id is not a string"),
            ("F-3", "registration response whose id is not base64url"),
            ("F-4", "registration response without type"),
            ("F-5", "registration response whose type is not a string"),
            ("F-6", "registration response whose type is not public-key"),
            ("F-7", "registration response without response"),
            ("F-8", "registration response whose response is not an object"),
            ("F-9", "registration response without response.clientDataJSON"),
            ("F-10", "response.clientDataJSON is not a string"),
            ("F-11", "response.clientDataJSON is the empty string"),
            ("F-12", "registration response without response.attestationObject"),
            ("F-13", "response.attestationObject is not a string"),
            ("F-14", "response.attestationObject is the empty string"),
        ])

    private static let registrationClientData = clientDataTests(
        attestationClientData, own: "webauthn.create", other: "webauthn.get")

    private static let attestationObjectTests = tests(
        attestationObject,
        [
            ("P-1", "packed registration whose authenticator data carries extensions with ED set is accepted"),
            ("F-1", "attestationObject is not a CBOR map"),
            ("F-2", "attestationObject without fmt"),
            ("F-3", "attestationObject.fmt is not a text string"),
            ("F-4", "attestationObject without attStmt"),
            ("F-5", "attestationObject.attStmt is not a map"),
            ("F-6", "attestationObject without authData"),
            ("F-7", "attestationObject.authData is not a byte string"),
            ("F-8", "attestationObject.authData is empty"),
            ("F-9", "AT flag clear while attested credential data follows"),
            ("F-10", "AT flag clear and no attested credential data"),
            ("F-11", "AT flag set but no attested credential data"),
            ("F-12", "bytes left over after the attested credential data"),
            ("F-13", "packed statement that is an empty map"),
            ("F-14", "packed statement without alg"),
            ("F-15", "packed statement whose alg is not a number"),
            ("F-16", "packed statement whose alg is not the algorithm the metadata statement declares"),
            ("F-17", "packed statement without sig"),
            ("F-18", "packed statement whose sig is not a byte string"),
            ("F-19", "packed statement whose sig is empty"),
        ])

    private static let algorithmTests = tests(
        algorithms,
        optional: ["P-1", "P-2", "P-3", "P-4", "P-6", "P-7", "P-10", "P-11", "P-12"],
        [
            ("P-1", "packed self attestation of a secp256k1 ECDSA SHA-256 credential (ES256K)"),
            ("P-2", "packed self attestation of an RSASSA-PSS SHA-256 credential (PS256)"),
            ("P-3", "packed self attestation of an RSASSA-PSS SHA-384 credential (PS384)"),
            ("P-4", "packed self attestation of an RSASSA-PSS SHA-512 credential (PS512)"),
            ("P-5", "packed self attestation of an RSASSA-PKCS1-v1_5 SHA-256 credential (RS256)"),
            ("P-6", "packed self attestation of an RSASSA-PKCS1-v1_5 SHA-384 credential (RS384)"),
            ("P-7", "packed self attestation of an RSASSA-PKCS1-v1_5 SHA-512 credential (RS512)"),
            ("P-8", "packed self attestation of an RSASSA-PKCS1-v1_5 SHA-1 credential (RS1)"),
            ("P-9", "packed self attestation of a P-256 ECDSA SHA-256 credential (ES256)"),
            ("P-10", "packed self attestation of a P-384 ECDSA SHA-384 credential (ES384)"),
            ("P-11", "packed self attestation of a P-521 ECDSA SHA-512 credential (ES512)"),
            ("P-12", "packed self attestation of an Ed25519 credential (EdDSA)"),
        ])

    private static let packedTests =
        tests(
            packedFull,
            [
                ("P-1", "valid packed full attestation"),
                (
                    "P-2",
                    "valid packed full attestation whose x5c chain ends at an intermediate under the metadata root"
                ),
                ("F-1", "packed full attestation sent with an unknown fmt"),
                ("F-2", "packed full attestation whose sig does not verify"),
                ("F-3", "packed full attestation without x5c"),
                ("F-4", "packed full attestation whose x5c is not an array"),
                ("F-5", "packed full attestation whose x5c is an empty array"),
                ("F-6", "packed full attestation whose leaf certificate has expired"),
                ("F-7", "packed full attestation whose leaf certificate is not valid yet"),
                ("F-8", "packed full attestation whose leaf key algorithm is not the metadata statement's"),
                ("F-9", "packed full attestation whose chain does not verify"),
                ("F-10", "packed full attestation whose x5c carries the whole chain, root included"),
                ("F-11", "packed full attestation whose x5c chain is out of order"),
                ("F-12", "packed full attestation with an expired intermediate certificate"),
                ("F-13", "packed full attestation whose sig does not verify with the leaf certificate's key"),
                ("F-14", "packed full attestation signed with the credential key instead of the attestation key"),
            ])
        + tests(
            packedSelf,
            [
                ("P-1", "valid packed self attestation"),
                ("F-1", "packed self attestation whose sig does not verify"),
                ("F-2", "full attestation from an authenticator whose metadata declares self attestation only"),
                ("F-3", "packed self attestation sent with an unknown fmt"),
            ])

    private static let otherFormatTests =
        tests(
            none,
            [
                ("P-1", "valid registration with attestation none asked"),
                ("P-2", "a second valid registration with attestation none asked"),
                ("F-1", "fmt none whose attStmt is a full packed statement"),
            ])
        + tests(
            fidoU2F,
            [
                ("P-1", "valid fido-u2f attestation"),
                ("F-1", "fido-u2f attestation whose AAGUID is not all zeros"),
                ("F-2", "fido-u2f attestation whose sig does not verify"),
            ])
        + tests(
            tpm,
            [
                ("P-1", "valid tpm attestation with SHA-256"),
                ("P-2", "valid tpm attestation with SHA-1"),
                ("P-3", "valid tpm attestation whose pubArea nameAlg is not the hash algorithm of the statement's alg"),
                ("F-1", "tpm attestation whose certificates are out of order"),
                ("F-2", "tpm attestation whose certInfo.extraData is not the hash of attToBeSigned"),
                ("F-3", "tpm attestation whose certInfo.magic is not TPM_GENERATED_VALUE"),
                ("F-4", "tpm attestation whose pubArea.unique is not the new credential key"),
            ])
        + tests(
            androidKey,
            [
                ("P-1", "valid android-key attestation"),
                ("F-1", "android-key attestation whose certificate holds another clientDataHash"),
                ("F-2", "android-key attestation whose certificate holds another public key"),
                ("F-3", "android-key attestation whose certificates are out of order"),
            ])
        + tests(
            androidSafetyNet,
            [
                ("P-1", "valid android-safetynet attestation"),
                ("F-1", "android-safetynet attestation with an empty ver"),
                ("F-2", "android-safetynet attestation with an empty response"),
                ("F-3", "android-safetynet attestation whose nonce is not the hash of attToBeSigned"),
                ("F-4", "android-safetynet attestation with an empty x5c"),
                ("F-5", "android-safetynet attestation with ctsProfileMatch false"),
                ("F-6", "android-safetynet attestation with a timestampMs in the future"),
                ("F-7", "android-safetynet attestation with a timestampMs more than a minute old"),
            ])

    private static let signInTests =
        tests(
            assertionStructure,
            [
                ("P-1", "valid sign-in response"),
                ("F-1", "sign-in response without id"),
                ("F-2", "sign-in response whose id is not a string"),
                ("F-3", "sign-in response whose id is not base64url"),
                ("F-4", "sign-in response without type"),
                ("F-5", "sign-in response whose type is not a string"),
                ("F-6", "sign-in response whose type is not public-key"),
                ("F-7", "sign-in response without response"),
                ("F-8", "sign-in response whose response is not an object"),
                ("F-9", "sign-in response without response.clientDataJSON"),
                ("F-10", "response.clientDataJSON is not a string"),
                ("F-11", "response.clientDataJSON is the empty string"),
                ("F-12", "sign-in response without response.authenticatorData"),
                ("F-13", "response.authenticatorData is not a string"),
                ("F-14", "response.authenticatorData is not base64url"),
                ("F-15", "response.authenticatorData is the empty string"),
                ("F-16", "sign-in response without response.signature"),
                ("F-17", "response.signature is not a string"),
                ("F-18", "response.signature is not base64url"),
                ("F-19", "response.signature is the empty string"),
                ("F-20", "response.signature does not verify"),
                ("F-21", "response.userHandle is not a string"),
            ])
        + clientDataTests(assertionClientData, own: "webauthn.get", other: "webauthn.create")
        + tests(
            assertionAuthenticatorData,
            [
                ("P-1", "sign-in from an authenticator without a counter (always 0)"),
                ("P-2", "UV set (UP clear) when user verification is required"),
                ("P-3", "UV and UP set when user verification is required"),
                ("P-4", "UV and UP clear when user verification is preferred"),
                ("P-5", "UP set when user verification is discouraged"),
                ("P-6", "UV set (UP clear) when user verification is discouraged"),
                ("P-7", "UV and UP clear when user verification is discouraged"),
                ("P-8", "authenticator data carrying extensions with ED set"),
                ("F-1", "bytes left over after the authenticator data"),
                ("F-2", "rpIdHash is not the hash of the RP ID"),
                ("F-3", "signature over another clientDataHash"),
                ("F-4", "counter not increased by an authenticator that counts"),
                ("F-5", "only UP set when user verification is required"),
            ])

    private static let metadataTests = tests(
        metadata,
        [
            ("P-1", "packed full attestation of an authenticator a valid BLOB lists"),
            ("F-1", "packed full attestation of an authenticator whose metadata reports a compromise"),
            ("F-2", "packed full attestation of an authenticator listed only in a BLOB whose signature fails"),
            ("F-3", "packed full attestation of an authenticator listed only in a BLOB whose chain fails"),
            ("F-4", "packed full attestation of an authenticator listed only in a BLOB whose intermediate is revoked"),
            ("F-5", "packed full attestation of an authenticator listed only in a BLOB whose signer is revoked"),
        ])
}
#endif
