#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PasskeyVerifier

/// The display name and icons of a passkey provider or security key, looked up by the AAGUID of its credentials
/// (WebAuthn Level 3 §6.5.1), for a passkey-management page ("iCloud Keychain", "Google Password Manager",
/// "1Password", …).
///
/// The names come from the community list github.com/passkeydeveloper/passkey-authenticator-aaguids
/// (`combined_aaguid.json`: the providers that do not attest, plus the FIDO MDS entries), shipped with the module
/// as data (`Sources/PasskeyAuthenticatorNames/PROVENANCE.md`; refreshed by
/// `Scripts/refresh-authenticator-names.py`), parsed once on first use. Icons are SVG data URIs when the list has
/// them as SVG, `nil` otherwise. The list is for display only: an AAGUID a provider chooses proves nothing without
/// attestation, and a host that loaded FIDO metadata should prefer its description.
public struct AuthenticatorName: Sendable, Hashable {
    /// The provider's or model's display name.
    public let name: String
    /// An icon for light backgrounds, an SVG `data:` URI, or `nil`.
    public let iconLight: String?
    /// An icon for dark backgrounds, an SVG `data:` URI, or `nil`.
    public let iconDark: String?

    /// The name and icons for `aaguid`, or `nil` when the list does not know it (the zero AAGUID never is).
    public init?(aaguid: AAGUID) {
        guard let entry = Self.list.authenticators[aaguid.uuidString] else { return nil }
        self.name = entry.name
        self.iconLight = Self.list.icon(at: entry.lightIcon)
        self.iconDark = Self.list.icon(at: entry.darkIcon)
    }

    /// How many AAGUIDs the shipped list names.
    public static var knownCount: Int { list.authenticators.count }

    /// The list, parsed on first use; an unreadable list (which the tests rule out) reads as empty.
    private static let list: List = {
        (try? JSONDecoder().decode(List.self, from: Data(listJSON.utf8))) ?? List(authenticators: [:], icons: [])
    }()

    private struct List: Decodable {
        let authenticators: [String: Entry]
        let icons: [String]

        func icon(at index: Int) -> String? {
            icons.indices.contains(index) ? icons[index] : nil
        }
    }

    /// `[name, light icon index, dark icon index]`.
    private struct Entry: Decodable {
        let name: String
        let lightIcon: Int
        let darkIcon: Int

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            name = try container.decode(String.self)
            lightIcon = try container.decode(Int.self)
            darkIcon = try container.decode(Int.self)
        }
    }
}
