import PasskeyCrypto
import PasskeyVerifier

/// The metadata statement of an authenticator model (FIDO Metadata Statement v3.0 §4 "Metadata Keys").
///
/// Strict where trust is decided, tolerant elsewhere (Docs/Decisions.md "Strict and tolerant reading"): the
/// identifiers (`aaguid`, `aaid`, `attestationCertificateKeyIdentifiers`) must be well formed or the statement
/// (and so its entry) is not read; each root certificate is read as libcrypto reads it, and one that cannot be
/// read is left out and noted in ``droppedRoots``; every informational member is kept when readable and otherwise
/// left out and noted in ``droppedMembers``. Enumerated names (algorithms, key protection, …) are kept as
/// written, known or not. Other members are ignored.
public struct MetadataStatement: Sendable, Decodable {
    /// A human-readable, short description of the model (`description`), `nil` when absent or unreadable.
    public let description: String?
    /// The AAGUID of a FIDO2 authenticator (`aaguid`), `nil` when absent.
    public let aaguid: AAGUID?
    /// The `aaid` of a UAF authenticator, `nil` when absent.
    public let aaid: String?
    /// The key identifiers of the attestation certificates of a U2F authenticator
    /// (`attestationCertificateKeyIdentifiers`, lowercase hexadecimal SHA-1), `[]` when absent.
    public let attestationCertificateKeyIdentifiers: [String]
    /// The protocol family (`protocolFamily`: `uaf`, `u2f` or `fido2`), `nil` when absent or unreadable.
    public let protocolFamily: String?
    /// The authenticator (firmware) version (`authenticatorVersion`), `nil` when absent or unreadable.
    public let authenticatorVersion: UInt32?
    /// The protocol versions supported (`upv`, §4, FIDO UAF Protocol §3.1.1 `Version`), `[]` when absent or
    /// unreadable.
    public let upv: [MetadataVersion]
    /// The attestation types the model supports (`attestationTypes`): `basic_full`, `basic_surrogate`, `ecdaa`,
    /// `attca`, `anonca`, `none` (FIDO Registry §3.6.3) or any name added later; `[]` when absent or unreadable.
    public let attestationTypes: [String]
    /// The authentication algorithms (`authenticationAlgorithms`, FIDO Registry §3.6.1), names kept as written
    /// (for example `secp256r1_ecdsa_sha256_raw`, or `ed448_eddsa_sha512_raw`); `[]` when absent or unreadable.
    public let authenticationAlgorithms: [String]
    /// The public key encodings (`publicKeyAlgAndEncodings`, FIDO Registry §3.6.2), names as written; `[]` when
    /// absent or unreadable.
    public let publicKeyAlgAndEncodings: [String]
    /// The key protection (`keyProtection`, FIDO Registry §3.2), names as written; `[]` when absent or unreadable.
    public let keyProtection: [String]
    /// The matcher protection (`matcherProtection`, FIDO Registry §3.3), names as written; `[]` when absent or
    /// unreadable.
    public let matcherProtection: [String]
    /// The roots the model's attestation certificates chain to (`attestationRootCertificates`: base64 of one or
    /// more certificates each), those that could be read.
    public let attestationRootCertificates: [Certificate]
    /// The model's icon (`icon`), a `data:` URL; `nil` when absent or unreadable.
    public let icon: String?
    /// The model's `authenticatorGetInfo` (FIDO2 authenticators), `nil` when absent or unreadable.
    public let authenticatorGetInfo: AuthenticatorGetInfo?
    /// Why each root certificate that could not be read was left out, for example
    /// `attestationRootCertificates[1]: not base64`.
    public let droppedRoots: [String]
    /// Why each informational member that could not be read was left out, for example
    /// `icon: expected a string`.
    public let droppedMembers: [String]

    /// The most root certificates read per statement.
    static let maximumRootCertificates = 64
    /// The most key identifiers read per statement or entry.
    static let maximumKeyIdentifiers = 4096
    /// The most names read per enumerated member (`attestationTypes`, `keyProtection`, …).
    static let maximumNames = 64

    enum CodingKeys: String, CodingKey {
        case description, aaguid, aaid, attestationCertificateKeyIdentifiers, protocolFamily,
            authenticatorVersion, upv, attestationTypes, authenticationAlgorithms, publicKeyAlgAndEncodings,
            keyProtection, matcherProtection, attestationRootCertificates, icon, authenticatorGetInfo
    }

    /// Decodes a statement (§4): the identifiers strictly (an `aaguid` in the `8-4-4-4-12` form, key identifiers
    /// of 40 hexadecimal digits), the roots and informational members tolerantly (see the type's documentation).
    /// Throws only for a statement that is not an object or an unreadable identifier.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        (aaguid, aaid, attestationCertificateKeyIdentifiers) = try MetadataDecodingFailure.strictly {
            let aaguid = try container.decodeIfPresent(String.self, forKey: .aaguid).map(Self.aaguid(from:))
            let aaid = try container.decodeIfPresent(String.self, forKey: .aaid)
            let identifiers = try Self.keyIdentifiers(
                container.decodeBoundedArrayIfPresent(
                    String.self, forKey: .attestationCertificateKeyIdentifiers,
                    maximumCount: Self.maximumKeyIdentifiers
                ) ?? []
            )
            return (aaguid, aaid, identifiers)
        }
        var notes: [String] = []
        description = container.decodeInformational(String.self, forKey: .description, notes: &notes)
        protocolFamily = container.decodeInformational(String.self, forKey: .protocolFamily, notes: &notes)
        authenticatorVersion = container.decodeInformational(
            UInt32.self, forKey: .authenticatorVersion, notes: &notes)
        upv =
            container.decodeInformationalArray(
                MetadataVersion.self, forKey: .upv, maximumCount: Self.maximumNames, notes: &notes) ?? []
        attestationTypes = container.names(.attestationTypes, notes: &notes)
        authenticationAlgorithms = container.names(.authenticationAlgorithms, notes: &notes)
        publicKeyAlgAndEncodings = container.names(.publicKeyAlgAndEncodings, notes: &notes)
        keyProtection = container.names(.keyProtection, notes: &notes)
        matcherProtection = container.names(.matcherProtection, notes: &notes)
        icon = container.decodeInformational(String.self, forKey: .icon, notes: &notes)
        authenticatorGetInfo = container.decodeInformational(
            AuthenticatorGetInfo.self, forKey: .authenticatorGetInfo, notes: &notes)
        var dropped: [String] = []
        attestationRootCertificates = MetadataRootCertificates.read(
            container, forKey: .attestationRootCertificates, maximumCount: Self.maximumRootCertificates,
            dropped: &dropped)
        droppedRoots = dropped
        droppedMembers = notes
    }

    /// An `aaguid` member: the `8-4-4-4-12` form (FIDO Metadata Statement v3.0 §4 `aaguid`).
    static func aaguid(from text: String) throws -> AAGUID {
        guard let aaguid = AAGUID(uuidString: text) else {
            throw MetadataDecodingFailure("aaguid \"\(text.prefix(40))\" is not 8-4-4-4-12 hexadecimal digits")
        }
        return aaguid
    }

    /// `attestationCertificateKeyIdentifiers`: each 40 hexadecimal digits (a SHA-1), returned in lowercase.
    static func keyIdentifiers(_ identifiers: [String]) throws -> [String] {
        try identifiers.map { identifier in
            let isHex = identifier.utf8.allSatisfy { Hexadecimal.value(of: $0) != nil }
            guard identifier.utf8.count == 40, isHex else {
                throw MetadataDecodingFailure(
                    "attestationCertificateKeyIdentifiers holds \"\(identifier.prefix(48))\", not 40 hexadecimal digits"
                )
            }
            return identifier.lowercased()
        }
    }
}

extension KeyedDecodingContainer where Key == MetadataStatement.CodingKeys {
    /// An informational array of names, each kept as written (known or not).
    fileprivate func names(_ key: Key, notes: inout [String]) -> [String] {
        decodeInformationalArray(String.self, forKey: key, maximumCount: MetadataStatement.maximumNames, notes: &notes)
            ?? []
    }
}
