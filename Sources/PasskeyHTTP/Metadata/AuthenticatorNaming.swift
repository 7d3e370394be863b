#if Hummingbird
import PasskeyAuthenticatorNames
import PasskeyVerifier

/// Names the authenticator of a credential by its AAGUID (WebAuthn Level 3 §6.5.1) for the credential list: the
/// community list shipped with the library (``PasskeyVerifier/AuthenticatorName``) and, where it has no entry,
/// the FIDO metadata statement's `description` and `icon` (FIDO Metadata Service v3.0 §3.1.1; Metadata Statement
/// §4 `description`, `icon`) when the host loaded a BLOB.
///
/// The metadata side is a seam: ``metadataEntry`` is `nil` without `--metadata`; with it, the server looks the
/// AAGUID up in the ``PasskeyMetadata/MetadataService``'s current BLOB.
public struct AuthenticatorNaming: Sendable {
    /// The metadata statement's `description` and `icon` (a `data:` URL) for an AAGUID, or `nil`.
    public let metadataEntry: (@Sendable (AAGUID) async -> (description: String, icon: String?)?)?

    /// Creates the naming; `metadataEntry` answers for the AAGUIDs the community list does not know.
    public init(metadataEntry: (@Sendable (AAGUID) async -> (description: String, icon: String?)?)? = nil) {
        self.metadataEntry = metadataEntry
    }

    /// The name and icons for `aaguid`: the community list's entry, else the metadata description (its icon for
    /// both themes when it is a `data:image/` URL, none otherwise); `nil` for the zero AAGUID and unknown ones.
    public func name(for aaguid: AAGUID) async -> (name: String, iconLight: String?, iconDark: String?)? {
        guard aaguid != .zero else { return nil }
        if let listed = AuthenticatorName(aaguid: aaguid) {
            return (listed.name, listed.iconLight, listed.iconDark)
        }
        guard let entry = await metadataEntry?(aaguid), !entry.description.isEmpty else { return nil }
        let icon = entry.icon.flatMap { $0.hasPrefix("data:image/") ? $0 : nil }
        return (entry.description, icon, icon)
    }
}
#endif
