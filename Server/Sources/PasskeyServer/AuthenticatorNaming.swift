import PasskeyAuthenticatorNames
import PasskeyVerifier

/// Names the authenticator of a credential by its AAGUID (WebAuthn Level 3 §6.5.1) for the credential list: the
/// description from FIDO metadata when the host loaded it, else the community list shipped with the library
/// (``PasskeyVerifier/AuthenticatorName``).
///
/// The metadata side is a seam: the server does not load the FIDO Metadata Service BLOB yet, so
/// ``metadataDescription`` is `nil` by default; a host that loads it passes a lookup of the metadata statement's
/// `description`, which then wins.
public struct AuthenticatorNaming: Sendable {
    /// The metadata statement's `description` for an AAGUID, or `nil`.
    public let metadataDescription: (@Sendable (AAGUID) -> String?)?

    /// Creates the naming; `metadataDescription` wins over the community list when it answers.
    public init(metadataDescription: (@Sendable (AAGUID) -> String?)? = nil) {
        self.metadataDescription = metadataDescription
    }

    /// The name and icons for `aaguid`: the metadata description (icons from the community list when it has the
    /// AAGUID too), else the community list's entry; `nil` for the zero AAGUID and unknown ones.
    public func name(for aaguid: AAGUID) -> (name: String, iconLight: String?, iconDark: String?)? {
        guard aaguid != .zero else { return nil }
        let listed = AuthenticatorName(aaguid: aaguid)
        if let description = metadataDescription?(aaguid), !description.isEmpty {
            return (description, listed?.iconLight, listed?.iconDark)
        }
        return listed.map { ($0.name, $0.iconLight, $0.iconDark) }
    }
}
