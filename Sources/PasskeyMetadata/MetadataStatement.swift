import PasskeyCrypto
import PasskeyVerifier

/// The metadata statement of an authenticator model (FIDO Metadata Statement v3.0 §4 "Metadata Keys"): the
/// members a relying party uses to verify a registration, read strictly; every other member is ignored.
public struct MetadataStatement: Sendable, Decodable {
    /// A human-readable, short description of the model (`description`, required).
    public let description: String
    /// The AAGUID of a FIDO2 authenticator (`aaguid`), `nil` when absent.
    public let aaguid: AAGUID?
    /// The `aaid` of a UAF authenticator, `nil` when absent.
    public let aaid: String?
    /// The key identifiers of the attestation certificates of a U2F authenticator
    /// (`attestationCertificateKeyIdentifiers`, lowercase hexadecimal SHA-1), `[]` when absent.
    public let attestationCertificateKeyIdentifiers: [String]
    /// The protocol family (`protocolFamily`: `uaf`, `u2f` or `fido2`), `nil` when absent.
    public let protocolFamily: String?
    /// The attestation types the model supports (`attestationTypes`, required): `basic_full`,
    /// `basic_surrogate`, `ecdaa`, `attca`, `anonca`, `none` (FIDO Registry §3.6.3).
    public let attestationTypes: [String]
    /// The roots the model's attestation certificates chain to (`attestationRootCertificates`, required;
    /// standard base64 DER), parsed.
    public let attestationRootCertificates: [Certificate]
    /// The model's icon (`icon`), a `data:` URL; `nil` when absent.
    public let icon: String?
    /// The model's `authenticatorGetInfo` (FIDO2 authenticators), `nil` when absent.
    public let authenticatorGetInfo: AuthenticatorGetInfo?

    /// The most root certificates read per statement.
    static let maximumRootCertificates = 64
    /// The most key identifiers read per statement or entry.
    static let maximumKeyIdentifiers = 4096

    enum CodingKeys: String, CodingKey {
        case description, aaguid, aaid, attestationCertificateKeyIdentifiers, protocolFamily, attestationTypes,
            attestationRootCertificates, icon, authenticatorGetInfo
    }

    /// Decodes a statement strictly (§4): the required members present with their types, an `aaguid` in the
    /// `8-4-4-4-12` form, key identifiers of 40 hexadecimal digits, every root a DER certificate.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        description = try container.decode(String.self, forKey: .description)
        aaguid = try container.decodeIfPresent(String.self, forKey: .aaguid).map(Self.aaguid(from:))
        aaid = try container.decodeIfPresent(String.self, forKey: .aaid)
        attestationCertificateKeyIdentifiers = try Self.keyIdentifiers(
            container.decodeBoundedArrayIfPresent(
                String.self, forKey: .attestationCertificateKeyIdentifiers, maximumCount: Self.maximumKeyIdentifiers
            ) ?? []
        )
        protocolFamily = try container.decodeIfPresent(String.self, forKey: .protocolFamily)
        attestationTypes = try container.decodeBoundedArray(String.self, forKey: .attestationTypes, maximumCount: 16)
        let encodedRoots = try container.decodeBoundedArray(
            String.self, forKey: .attestationRootCertificates, maximumCount: Self.maximumRootCertificates)
        var roots: [Certificate] = []
        for (index, encoded) in encodedRoots.enumerated() {
            guard let der = Base64URL.decode(encoded), !der.isEmpty else {
                throw MetadataDecodingFailure("attestationRootCertificates[\(index)] is not base64")
            }
            do {
                roots.append(try Certificate.parsed(derEncoded: der))
            } catch {
                throw MetadataDecodingFailure(
                    "attestationRootCertificates[\(index)] is not a DER certificate: \(error)")
            }
        }
        attestationRootCertificates = roots
        icon = try container.decodeIfPresent(String.self, forKey: .icon)
        authenticatorGetInfo = try container.decodeIfPresent(AuthenticatorGetInfo.self, forKey: .authenticatorGetInfo)
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
