import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A software authenticator and client in one, for host applications' unit tests: it performs registration
/// and authentication ceremonies with real keys and returns correctly signed responses in the forms relying
/// parties receive them (WebAuthn Level 3 §5.1 JSON, the raw §5.2.1/§5.2.2 members, and the fields native iOS
/// apps send).
///
/// It plays both roles of a ceremony: the authenticator (CTAP2 §6.1 `authenticatorMakeCredential`, §6.2
/// `authenticatorGetAssertion`; WebAuthn §6.1 authenticator data, §6.5 attestation, §8 formats) and the client
/// (§5.8.1 collected client data). Every setting is a plain property: change it before a ceremony, including to
/// values a real authenticator would never produce (UP clear, BS without BE, a 1024-byte credential ID, a
/// foreign origin), so that tests can check that the relying party rejects them.
///
/// By default it behaves like a synced platform passkey provider: UP, UV, BE and BS set, a zero signature
/// counter, `none` attestation, transports `internal` and `hybrid`, attachment `platform`.
///
/// ```swift
/// var authenticator = VirtualAuthenticator(relyingPartyID: "example.com")
/// let registration = try authenticator.register(options: creationOptions)  // what your server sent
/// let verified = try await relyingParty.finishRegistration(registration.response)
/// let manual = try authenticator.register(challenge: challenge, userHandle: userHandle)
/// let assertion = try authenticator.authenticate(challenge: otherChallenge)
/// ```
///
/// A value type: copying an authenticator copies its credentials and their counters.
public struct VirtualAuthenticator: Sendable {
    /// What the signature counter reports (WebAuthn §6.1.1).
    public enum SignCounter: Sendable, Hashable {
        /// Always zero, as most passkey providers report (§6.1.1: counters are optional).
        case zero
        /// Always this value: a second assertion with the same value is a regression (§7.2 `#sctn-verifying-assertion`
        /// step "signCount").
        case fixed(UInt32)
        /// `start` at registration, then each assertion adds `step` to the credential's last value, wrapping at
        /// 2^32 (a per-credential counter, §6.1.1).
        case incrementing(start: UInt32 = 0, step: UInt32 = 1)
    }

    /// The flags a synced passkey reports: UP, UV, BE and BS (§6.1, §6.1.3).
    public static let passkeyFlags: AuthenticatorFlags = [.userPresent, .userVerified, .backupEligible, .backupState]

    // MARK: Client settings

    /// The RP ID the client asks for (§5.4.2 `rp.id`, §5.5 `rpId`); authenticator data carries its SHA-256 (§6.1).
    public var relyingPartyID: String
    /// `origin` in client data (§5.8.1): a web origin such as `https://example.com`, or a native app's opaque
    /// origin such as `ios:bundle-id:com.example.app`.
    public var origin: String
    /// `crossOrigin` in client data (§5.8.1); `false` by default, as browsers write it; `nil` leaves it out.
    public var crossOrigin: Bool?
    /// `topOrigin` in client data (§5.8.1), written when not `nil` whatever ``crossOrigin`` says.
    public var topOrigin: String?
    /// Members appended to client data after the standard ones (§5.8.1, §5.8.1.2).
    public var extraClientDataMembers: [ClientDataMember]
    /// `clientExtensionResults` in the JSON responses (§5.1, §9); `{}` by default.
    public var clientExtensionResults: AuthenticationExtensionsClientOutputsJSON
    /// `authenticatorAttachment` (§5.1, §5.4.5): `platform` by default; `nil` leaves it out.
    public var authenticatorAttachment: String?

    // MARK: Authenticator settings

    /// The AAGUID in attested credential data (§6.5.1) and in packed attestation certificates (§8.2.1).
    public var aaguid: AAGUID
    /// The attestation statement new credentials get (§6.5, §8).
    public var attestation: VirtualAttestation
    /// The UP, UV, BE and BS flags of every ceremony (§6.1, §6.1.3), taken as they are, invalid combinations
    /// included. AT is added to registrations and ED whenever ``extensions`` is set; bits set here are never
    /// removed, so AT on an assertion or ED without extensions produce malformed authenticator data.
    public var flags: AuthenticatorFlags
    /// What the signature counter reports (§6.1.1).
    public var signCounter: SignCounter
    /// Authenticator extension outputs (§6.1 `extensions`, §9): when set, authenticator data ends with this map
    /// in CTAP2 canonical CBOR and ED is set.
    public var extensions: CBORMap?
    /// `transports` of registrations (§5.2.1 `getTransports()`, §5.8.4); `["hybrid", "internal"]` by default.
    public var transports: [String]
    /// The length of generated credential IDs (§4 "Credential ID"), 16 by default; 0 to 65535 can be encoded,
    /// verifiers accept at most 1023 (§7.1 `#sctn-registering-a-new-credential` step "credentialId length").
    public var credentialIDLength: Int
    /// Whether assertions return the credential's user handle (§5.2.2 `userHandle`; discoverable credentials
    /// always do). `true` by default.
    public var returnsUserHandle: Bool

    /// The credentials created so far, oldest first (§6.2.2 "Credential Storage Modality"). Edit them to shape
    /// later assertions, or ``add(_:)`` one with a known key.
    public var credentials: [VirtualCredential]

    /// The large blobs stored per credential ID by ``authenticate(options:)`` with a `largeBlob.write` input
    /// (WebAuthn §10.1.5).
    public var largeBlobs: [[UInt8]: [UInt8]] = [:]

    /// Creates an authenticator bound to one relying party.
    ///
    /// - Parameters:
    ///   - relyingPartyID: The RP ID (§5.4.2).
    ///   - origin: The client data origin (§5.8.1); `https://` followed by the RP ID when `nil`.
    ///   - attestation: How new credentials are attested (§8); `none` by default.
    ///   - aaguid: The authenticator model (§6.5.1); all zeros by default.
    ///   - flags: UP, UV, BE and BS (§6.1); those of a synced passkey by default.
    ///   - signCounter: The counter behaviour (§6.1.1); zero by default.
    public init(
        relyingPartyID: String = "example.com",
        origin: String? = nil,
        attestation: VirtualAttestation = .none,
        aaguid: AAGUID = .zero,
        flags: AuthenticatorFlags = VirtualAuthenticator.passkeyFlags,
        signCounter: SignCounter = .zero
    ) {
        self.relyingPartyID = relyingPartyID
        self.origin = origin ?? "https://\(relyingPartyID)"
        self.crossOrigin = false
        self.topOrigin = nil
        self.extraClientDataMembers = []
        self.clientExtensionResults = AuthenticationExtensionsClientOutputsJSON()
        self.authenticatorAttachment = "platform"
        self.aaguid = aaguid
        self.attestation = attestation
        self.flags = flags
        self.signCounter = signCounter
        self.extensions = nil
        self.transports = ["hybrid", "internal"]
        self.credentialIDLength = 16
        self.returnsUserHandle = true
        self.credentials = []
    }

    // MARK: - Registration

    /// Creates a credential with a new `algorithm` key and returns the registration response (WebAuthn §5.1.3
    /// `create()`, CTAP2 §6.1 `authenticatorMakeCredential`, §6.5.5 "Generating an Attestation Object").
    ///
    /// The credential is stored in ``credentials`` for later ``authenticate(challenge:credentialID:)`` calls.
    ///
    /// - Parameters:
    ///   - challenge: The challenge the relying party issued (§5.4 `challenge`).
    ///   - algorithm: ES256, ES384, ES512, EdDSA, Ed25519, Ed448, RS256/384/512, PS256/384/512 or
    ///     ML-DSA-44/65/87 (§5.8.5; ML-DSA not with `apple`-shaped attestation, whose certificate must carry the
    ///     credential key).
    ///     RSA keys take long to generate: tests that register many RSA credentials should generate one
    ///     ``VirtualCredentialKey`` and use ``register(challenge:key:credentialID:userHandle:)``.
    ///   - credentialID: The credential ID; ``credentialIDLength`` random bytes when `nil`.
    ///   - userHandle: The user handle (§5.4.3 `user.id`) the assertions will return; required, so that a
    ///     test cannot forget the one its relying party issued — pass `nil` deliberately for 16 random bytes,
    ///     or use ``register(options:)``, which takes it from the options.
    /// - Throws: ``VirtualAuthenticatorError``: `unsupportedAlgorithm`, or `invalidParameter` for a credential
    ///   ID over 65535 bytes.
    @discardableResult
    public mutating func register(
        challenge: [UInt8],
        algorithm: COSEAlgorithm = .es256,
        credentialID: [UInt8]? = nil,
        userHandle: [UInt8]?
    ) throws(VirtualAuthenticatorError) -> VirtualRegistration {
        let key = try VirtualCredentialKey.generate(algorithm)
        return try register(challenge: challenge, key: key, credentialID: credentialID, userHandle: userHandle)
    }

    /// Creates a credential with the given key and returns the registration response; see
    /// ``register(challenge:algorithm:credentialID:userHandle:)``.
    @discardableResult
    public mutating func register(
        challenge: [UInt8],
        key: VirtualCredentialKey,
        credentialID: [UInt8]? = nil,
        userHandle: [UInt8]?
    ) throws(VirtualAuthenticatorError) -> VirtualRegistration {
        let credentialID = credentialID ?? RandomBytes.generate(credentialIDLength)
        guard let encodedLength = UInt16(exactly: credentialID.count) else {
            throw VirtualAuthenticatorError(
                .invalidParameter,
                "a credential ID of \(credentialID.count) bytes does not fit the two-byte credentialIdLength (§6.5.1)"
            )
        }
        let signCount: UInt32
        switch signCounter {
        case .zero: signCount = 0
        case .fixed(let value): signCount = value
        case .incrementing(let start, _): signCount = start
        }
        let credential = VirtualCredential(
            id: credentialID,
            key: key,
            userHandle: userHandle ?? RandomBytes.generate(16),
            relyingPartyID: relyingPartyID,
            signCount: signCount
        )
        let clientDataJSON = clientData(type: "webauthn.create", challenge: challenge)
        let lengthBytes = [UInt8(truncatingIfNeeded: encodedLength >> 8), UInt8(truncatingIfNeeded: encodedLength)]
        let attestedCredentialData = aaguid.bytes + lengthBytes + credentialID + key.publicKey.encoded
        let authenticatorData = authenticatorData(signCount: signCount, attestedCredentialData: attestedCredentialData)
        let clientDataHash = HashAlgorithm.sha256.hash(clientDataJSON)
        let statement = try attestation.statement(
            authenticatorData: authenticatorData,
            clientDataHash: clientDataHash,
            credentialID: credentialID,
            credentialKey: key,
            aaguid: aaguid
        )
        let attestationObject = CBOREncoder.encode(
            .map(
                CBORMap(entries: [
                    CBORMap.Entry(key: .textString("fmt"), value: .textString(attestation.format)),
                    CBORMap.Entry(key: .textString("attStmt"), value: .map(statement)),
                    CBORMap.Entry(key: .textString("authData"), value: .byteString(authenticatorData)),
                ])
            )
        )
        let json = RegistrationResponseJSON(
            id: Base64URL.encode(credentialID),
            rawId: Base64URL.encode(credentialID),
            response: AuthenticatorAttestationResponseJSON(
                clientDataJSON: Base64URL.encode(clientDataJSON),
                attestationObject: Base64URL.encode(attestationObject),
                authenticatorData: Base64URL.encode(authenticatorData),
                transports: transports,
                publicKey: Base64URL.encode(key.publicKey.publicKey.subjectPublicKeyInfo),
                publicKeyAlgorithm: Int(exactly: key.algorithm.rawValue)
            ),
            authenticatorAttachment: authenticatorAttachment,
            clientExtensionResults: clientExtensionResults
        )
        let registration = VirtualRegistration(
            credential: credential,
            clientDataJSON: clientDataJSON,
            attestationObject: attestationObject,
            authenticatorData: authenticatorData,
            format: attestation.format,
            transports: transports,
            authenticatorAttachment: authenticatorAttachment,
            json: json,
            jsonBytes: try Self.encoded(json)
        )
        add(credential)
        return registration
    }

    // MARK: - Authentication

    /// Signs an assertion and returns the authentication response (WebAuthn §5.1.4 `get()`, CTAP2 §6.2
    /// `authenticatorGetAssertion`, §6.3.3 "The authenticatorGetAssertion Operation").
    ///
    /// The signature covers `authenticatorData || SHA-256(clientDataJSON)` (§6.3.3 step 11). The counter follows
    /// ``signCounter`` and is stored in the credential.
    ///
    /// - Parameters:
    ///   - challenge: The challenge the relying party issued (§5.5 `challenge`).
    ///   - credentialID: The credential to use, whatever its RP ID (an `allowCredentials` entry, §5.5); when
    ///     `nil`, the most recently created credential for ``relyingPartyID`` (a discoverable credential).
    /// - Throws: ``VirtualAuthenticatorError/Code/credentialNotFound`` when no credential matches.
    public mutating func authenticate(
        challenge: [UInt8],
        credentialID: [UInt8]? = nil
    ) throws(VirtualAuthenticatorError) -> VirtualAssertion {
        let index: Int?
        if let credentialID {
            index = credentials.lastIndex { $0.id == credentialID }
        } else {
            index = credentials.lastIndex { $0.relyingPartyID == relyingPartyID }
        }
        guard let index else {
            throw VirtualAuthenticatorError(
                .credentialNotFound,
                credentialID == nil
                    ? "no credential was created for the RP ID \"\(relyingPartyID)\""
                    : "no credential has the requested ID"
            )
        }
        var credential = credentials[index]
        switch signCounter {
        case .zero: credential.signCount = 0
        case .fixed(let value): credential.signCount = value
        case .incrementing(_, let step): credential.signCount &+= step
        }
        let clientDataJSON = clientData(type: "webauthn.get", challenge: challenge)
        let authenticatorData = authenticatorData(signCount: credential.signCount, attestedCredentialData: nil)
        let signature = try credential.key.sign(authenticatorData + HashAlgorithm.sha256.hash(clientDataJSON))
        let userHandle = returnsUserHandle ? credential.userHandle : nil
        let json = AuthenticationResponseJSON(
            id: Base64URL.encode(credential.id),
            rawId: Base64URL.encode(credential.id),
            response: AuthenticatorAssertionResponseJSON(
                clientDataJSON: Base64URL.encode(clientDataJSON),
                authenticatorData: Base64URL.encode(authenticatorData),
                signature: Base64URL.encode(signature),
                userHandle: userHandle.map { Base64URL.encode($0) }
            ),
            authenticatorAttachment: authenticatorAttachment,
            clientExtensionResults: clientExtensionResults
        )
        let assertion = VirtualAssertion(
            credentialID: credential.id,
            clientDataJSON: clientDataJSON,
            authenticatorData: authenticatorData,
            signature: signature,
            userHandle: userHandle,
            signCount: credential.signCount,
            authenticatorAttachment: authenticatorAttachment,
            json: json,
            jsonBytes: try Self.encoded(json)
        )
        credentials[index] = credential
        return assertion
    }

    /// Stores `credential`, replacing a stored credential with the same ID, so that assertions can be signed with
    /// a key the test chose (§6.2.2).
    public mutating func add(_ credential: VirtualCredential) {
        credentials.removeAll { $0.id == credential.id }
        credentials.append(credential)
    }

    // MARK: - Encoding

    /// Serialized client data for `type` (§5.8.1, §5.8.1.1).
    private func clientData(type: String, challenge: [UInt8]) -> [UInt8] {
        ClientDataSerializer.serialize(
            type: type,
            challenge: challenge,
            origin: origin,
            crossOrigin: crossOrigin,
            topOrigin: topOrigin,
            extraMembers: extraClientDataMembers
        )
    }

    /// Authenticator data (§6.1): `rpIdHash`, flags, the big-endian counter, attested credential data (§6.5.1)
    /// when given, and the extensions map when ``extensions`` is set.
    private func authenticatorData(signCount: UInt32, attestedCredentialData: [UInt8]?) -> [UInt8] {
        var flags = self.flags
        if attestedCredentialData != nil {
            flags.insert(.attestedCredentialData)
        }
        if extensions != nil {
            flags.insert(.extensionData)
        }
        var data = HashAlgorithm.sha256.hash(Array(relyingPartyID.utf8))
        data.append(flags.rawValue)
        data += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: signCount >> $0) }
        data += attestedCredentialData ?? []
        if let extensions {
            data += CBOREncoder.encode(.map(extensions))
        }
        return data
    }

    private static func encoded<Value: Encodable>(_ value: Value) throws(VirtualAuthenticatorError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            throw VirtualAuthenticatorError(.invalidParameter, "the JSON response cannot be encoded: \(error)")
        }
    }
}
