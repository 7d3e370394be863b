/// The account `apple:<sub>` exists but was not created by Sign in with Apple for that `sub` (it predates the
/// reserved prefix): it is never linked, so a token for that `sub` cannot take it over. A 409 with the code
/// `appleAccountConflict`.
public struct AppleAccountConflict: Error, Sendable, CustomStringConvertible {
    /// The account in question.
    public let username: String

    /// Creates the error.
    public init(username: String) {
        self.username = username
    }

    /// What went wrong.
    public var description: String {
        "the account apple:<sub> of this Apple ID exists without a Sign in with Apple link and is not linked to it"
    }
}
