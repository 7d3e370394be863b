import Foundation
import PasskeyVerifier

/// The rules for the names a client chooses: the username (WebAuthn Level 3 §5.4.3 `user.name`, the account's
/// key), the display name (§5.4.3 `user.displayName`) and a passkey's nickname.
///
/// Limits count UTF-8 bytes, never characters: one grapheme cluster can hold a letter and a hundred combining
/// marks. Control, format (bidirectional overrides), private-use, surrogate, unassigned and line or paragraph
/// separator characters are refused, so no name can forge a log line or reorder the text around it. Every name holds
/// at least one visible character (`isVisible(_:)`), so none shows as empty: a name of joiners or combining marks
/// alone is refused. A username is
/// normalised once, before it is compared or stored: compatibility composition (NFKC), lower case, then canonical
/// composition (NFC), so two spellings of one name (a precomposed and a decomposed `é`, a full-width `Ａ`, `Alice`
/// and `alice`) are one account (§6.4 says the relying party decides how names compare).
public enum AccountText {
    /// The longest username, in UTF-8 bytes after normalisation.
    public static let maximumUsernameBytes = 64
    /// The longest display name or nickname, in UTF-8 bytes.
    public static let maximumNameBytes = 64
    /// The name under which the stores record that stored usernames were normalised.
    package static let normalizationMigration = "usernames-normalised"
    /// The longest text read at all, in UTF-8 bytes, before normalisation (which can lengthen a string).
    package static let maximumInputBytes = 256

    /// `username` normalised, when it is 1 to ``maximumUsernameBytes`` bytes of printable characters without
    /// white space, at least one of them visible (`isVisible(_:)`).
    ///
    /// - Throws: `malformedInput` `WebAuthnError` saying what is wrong.
    public static func username(_ username: String) throws -> String {
        guard !username.isEmpty else { throw WebAuthnError(.malformedInput, "username is empty") }
        try checkInputLength(username, member: "username")
        let normalized = normalize(username)
        guard normalized.utf8.count <= maximumUsernameBytes else {
            throw WebAuthnError(.malformedInput, "username is longer than \(maximumUsernameBytes) bytes in UTF-8")
        }
        for scalar in normalized.unicodeScalars where isRefused(scalar, allowingSpaces: false) {
            throw WebAuthnError(
                .malformedInput,
                "username contains U+\(hexadecimal(scalar)), a control, format or white-space character"
            )
        }
        try checkVisible(normalized, member: "username")
        return normalized
    }

    /// `name` in NFC when that is at most ``maximumNameBytes`` bytes of printable characters (spaces allowed inside, not
    /// at either end), at least one of them visible (`isVisible(_:)`); `nil` when empty. `member` names it in the
    /// message.
    ///
    /// - Throws: `malformedInput` `WebAuthnError` saying what is wrong.
    public static func name(_ name: String, member: String) throws -> String? {
        guard !name.isEmpty else { return nil }
        try checkInputLength(name, member: member)
        let composed = name.precomposedStringWithCanonicalMapping
        guard composed.utf8.count <= maximumNameBytes else {
            throw WebAuthnError(.malformedInput, "\(member) is longer than \(maximumNameBytes) bytes in UTF-8")
        }
        for scalar in name.unicodeScalars where isRefused(scalar, allowingSpaces: true) {
            throw WebAuthnError(
                .malformedInput,
                "\(member) contains U+\(hexadecimal(scalar)), a control, format or line-separator character"
            )
        }
        guard name.unicodeScalars.first?.properties.isWhitespace == false,
            name.unicodeScalars.last?.properties.isWhitespace == false
        else {
            throw WebAuthnError(.malformedInput, "\(member) starts or ends with white space")
        }
        try checkVisible(composed, member: member)
        return composed
    }

    /// The renames that bring usernames stored before normalisation to their normalised form: each name that is
    /// valid once normalised and differs from it, except the `apple:` names before or after normalisation (derived
    /// from Apple's `sub`, never typed, and reserved) and names that collide (two stored names with one normalised
    /// form are both left as they are: neither is preferred). A store applies each only when the new name is free.
    package static func legacyRenames(_ usernames: [String]) -> [(from: String, to: String)] {
        let candidates: [(from: String, to: String)] = usernames.compactMap { stored in
            guard !AppleAccountUsername.isReserved(stored), let normalized = try? username(stored),
                normalized != stored, !AppleAccountUsername.isReserved(normalized)
            else { return nil }
            return (stored, normalized)
        }
        var targets: [String: Int] = [:]
        for candidate in candidates {
            targets[candidate.to, default: 0] += 1
        }
        return candidates.filter { targets[$0.to] == 1 }
    }

    /// NFKC, lower case, NFC.
    package static func normalize(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping.lowercased().precomposedStringWithCanonicalMapping
    }

    private static func checkInputLength(_ text: String, member: String) throws {
        guard text.utf8.count <= maximumInputBytes else {
            throw WebAuthnError(.malformedInput, "\(member) is longer than \(maximumInputBytes) bytes in UTF-8")
        }
    }

    /// Whether `scalar` shows as something of its own: it is not white space, not a control or format character
    /// (general categories Cc, Cf: the joiners U+200C and U+200D among them), not a combining mark (Mn, Mc, Me: they
    /// only change the character before them) and not a default-ignorable code point (Unicode §5.21: variation
    /// selectors, the Hangul fillers, which render as nothing), nor the blank braille pattern U+2800, a symbol that
    /// shows as nothing. A name needs one such scalar; an emoji sequence joined by U+200D has its emoji.
    package static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        guard !properties.isWhitespace, !properties.isDefaultIgnorableCodePoint, scalar.value != 0x2800 else {
            return false
        }
        switch properties.generalCategory {
        case .control, .format, .nonspacingMark, .spacingMark, .enclosingMark:
            return false
        default:
            return true
        }
    }

    private static func checkVisible(_ text: String, member: String) throws {
        guard text.unicodeScalars.contains(where: isVisible) else {
            throw WebAuthnError(
                .malformedInput,
                "\(member) has no visible character: only white space, joiners, combining marks or other "
                    + "characters that show as nothing"
            )
        }
    }

    /// Whether `scalar` has no place in a name: the categories Cc, Cf (but the joiners U+200C and U+200D, which
    /// emoji sequences need, in names that allow spaces), Cs, Co, Cn, Zl, Zp, and any white space in a username.
    private static func isRefused(_ scalar: Unicode.Scalar, allowingSpaces: Bool) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
            return true
        case .format:
            return !(allowingSpaces && (scalar.value == 0x200C || scalar.value == 0x200D))
        case .spaceSeparator:
            return !allowingSpaces
        default:
            return !allowingSpaces && scalar.properties.isWhitespace
        }
    }

    private static func hexadecimal(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
