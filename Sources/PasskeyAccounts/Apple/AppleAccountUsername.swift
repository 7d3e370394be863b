/// The username of an account created by Sign in with Apple: `apple:` and the identity token's `sub`.
///
/// The prefix is reserved: `POST /attestation/options` creates no other account whose username starts with it, so
/// nobody can prepare the account of an Apple user (and register a passkey in it) before that user's first
/// Sign in with Apple.
public enum AppleAccountUsername {
    /// `apple:`.
    public static let prefix = "apple:"

    /// `apple:` followed by `subject`.
    public static func username(forSubject subject: String) -> String {
        prefix + subject
    }

    /// Whether `username` is in the reserved namespace, compared on UTF-8 bytes: `apple:` followed by a combining
    /// mark is one grapheme cluster that `String.hasPrefix` would not match, and still reserved.
    public static func isReserved(_ username: String) -> Bool {
        username.utf8.starts(with: prefix.utf8)
    }
}
