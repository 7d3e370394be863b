import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A credential record as one JSON object (WebAuthn Level 3 §4 "credential record"), so a host may store it
/// in one column.
///
/// The encoding is stable, pinned by a golden test, and does not depend on the encoder's strategies:
///
/// | member | value |
/// |---|---|
/// | `id` | the credential ID, base64url without padding (§5.1 `Base64URLString`) |
/// | `publicKey` | the COSE_Key bytes, base64url without padding (`COSEKey`'s `Codable` form) |
/// | `signCount` | a number, 0 to 4294967295 |
/// | `backupEligible`, `backupState`, `userVerificationInitialized` | booleans |
/// | `userHandle` | base64url without padding; absent when `nil` |
/// | `transports` | an array of strings |
/// | `registration` | ``CredentialRegistrationDetails``' object; absent when `nil` |
/// | `nickname` | a string; absent when `nil` |
/// | `lastUsedAt` | seconds since 1970-01-01T00:00:00Z, a number; absent when `nil` |
/// | `version` | a number |
///
/// Decoding reads the public key with `COSEKey(encoded:)`, as strictly as at registration.
extension CredentialRecord: Codable {
    private enum CodingKeys: String, CodingKey {
        case id
        case publicKey
        case signCount
        case backupEligible
        case backupState
        case userVerificationInitialized
        case userHandle
        case transports
        case registration
        case nickname
        case lastUsedAt
        case version
    }

    /// Decodes the JSON object described above.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try Self.decodeBytes(.id, in: container),
            publicKey: try container.decode(COSEKey.self, forKey: .publicKey),
            signCount: try container.decode(UInt32.self, forKey: .signCount),
            backupEligible: try container.decode(Bool.self, forKey: .backupEligible),
            backupState: try container.decode(Bool.self, forKey: .backupState),
            userVerificationInitialized: try container.decode(Bool.self, forKey: .userVerificationInitialized),
            userHandle: container.contains(.userHandle) ? try Self.decodeBytes(.userHandle, in: container) : nil,
            transports: try container.decode([String].self, forKey: .transports),
            registration: try container.decodeIfPresent(CredentialRegistrationDetails.self, forKey: .registration),
            nickname: try container.decodeIfPresent(String.self, forKey: .nickname),
            lastUsedAt: try container.decodeIfPresent(Double.self, forKey: .lastUsedAt)
                .map(Date.init(timeIntervalSince1970:)),
            version: try container.decode(Int64.self, forKey: .version)
        )
    }

    /// Encodes the JSON object described above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Base64URL.encode(id), forKey: .id)
        try container.encode(publicKey, forKey: .publicKey)
        try container.encode(signCount, forKey: .signCount)
        try container.encode(backupEligible, forKey: .backupEligible)
        try container.encode(backupState, forKey: .backupState)
        try container.encode(userVerificationInitialized, forKey: .userVerificationInitialized)
        try container.encodeIfPresent(userHandle.map(Base64URL.encode), forKey: .userHandle)
        try container.encode(transports, forKey: .transports)
        try container.encodeIfPresent(registration, forKey: .registration)
        try container.encodeIfPresent(nickname, forKey: .nickname)
        try container.encodeIfPresent(lastUsedAt?.timeIntervalSince1970, forKey: .lastUsedAt)
        try container.encode(version, forKey: .version)
    }

    /// The bytes of a base64url member.
    private static func decodeBytes(
        _ key: CodingKeys,
        in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> [UInt8] {
        guard let bytes = Base64URL.decode(try container.decode(String.self, forKey: key)) else {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: container,
                debugDescription: "\(key.stringValue) is not base64url"
            )
        }
        return bytes
    }
}
