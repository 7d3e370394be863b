#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the registration ceremony established about a credential and never changes afterwards (WebAuthn
/// Level 3 §7.1 `#reg-ceremony-create-credential-record`): what a passkey-management page shows beside the
/// nickname and the last use.
///
/// ``RelyingParty/finishRegistration(_:)`` fills it from the ``VerifiedRegistration`` and stores it with the
/// record in the same insert (``CredentialStore/insert(_:)``), so a record is never visible without it.
///
/// `Codable` as a JSON object with the members `registeredAt` (seconds since 1970-01-01T00:00:00Z, a number),
/// `aaguid` (RFC 9562 text, lowercase), `attestationFormat`, `attestationType` (the raw value of
/// ``AttestationType``), `backupEligible`, `backupState` and, when the client reported it, `discoverable`;
/// the encoding does not depend on the encoder's date strategy.
public struct CredentialRegistrationDetails: Sendable, Hashable, Codable {
    /// When the credential was registered: the relying party's clock at verification.
    public var registeredAt: Date
    /// The authenticator model's AAGUID from the attested credential data (§6.5.1); a passkey provider's
    /// identifier, or zero.
    public var aaguid: AAGUID
    /// The attestation statement format identifier (§8, for instance `none`, `packed`, `apple`).
    public var attestationFormat: String
    /// The attestation type the format's verification procedure established (§6.5.3).
    public var attestationType: AttestationType
    /// Whether the client reported the credential as discoverable (`credProps.rk`, §10.1.3); `nil` when it did
    /// not say. Unauthenticated: a hint for the management page, not a security decision.
    public var isDiscoverable: Bool?
    /// The backup eligibility flag at registration (BE, §6.1.3).
    public var backupEligible: Bool
    /// The backup state flag at registration (BS, §6.1.3).
    public var backupState: Bool

    /// Creates the details.
    public init(
        registeredAt: Date,
        aaguid: AAGUID = .zero,
        attestationFormat: String = "none",
        attestationType: AttestationType = .none,
        isDiscoverable: Bool? = nil,
        backupEligible: Bool = false,
        backupState: Bool = false
    ) {
        self.registeredAt = registeredAt
        self.aaguid = aaguid
        self.attestationFormat = attestationFormat
        self.attestationType = attestationType
        self.isDiscoverable = isDiscoverable
        self.backupEligible = backupEligible
        self.backupState = backupState
    }

    private enum CodingKeys: String, CodingKey {
        case registeredAt
        case aaguid
        case attestationFormat
        case attestationType
        case isDiscoverable = "discoverable"
        case backupEligible
        case backupState
    }

    /// Decodes the JSON object described above.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let aaguidText = try container.decode(String.self, forKey: .aaguid)
        guard let aaguid = AAGUID(uuidString: aaguidText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .aaguid,
                in: container,
                debugDescription: "\(aaguidText) is not an AAGUID in RFC 9562 text form"
            )
        }
        self.init(
            registeredAt: Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .registeredAt)),
            aaguid: aaguid,
            attestationFormat: try container.decode(String.self, forKey: .attestationFormat),
            attestationType: try container.decode(AttestationType.self, forKey: .attestationType),
            isDiscoverable: try container.decodeIfPresent(Bool.self, forKey: .isDiscoverable),
            backupEligible: try container.decode(Bool.self, forKey: .backupEligible),
            backupState: try container.decode(Bool.self, forKey: .backupState)
        )
    }

    /// Encodes the JSON object described above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(registeredAt.timeIntervalSince1970, forKey: .registeredAt)
        try container.encode(aaguid.uuidString, forKey: .aaguid)
        try container.encode(attestationFormat, forKey: .attestationFormat)
        try container.encode(attestationType, forKey: .attestationType)
        try container.encodeIfPresent(isDiscoverable, forKey: .isDiscoverable)
        try container.encode(backupEligible, forKey: .backupEligible)
        try container.encode(backupState, forKey: .backupState)
    }
}
