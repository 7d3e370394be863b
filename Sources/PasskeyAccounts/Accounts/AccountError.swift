/// A refusal of the relying party's account rules, with a stable code beside the ceremonies'
/// `WebAuthnError`: the account is taken, full or has one passkey left, the request needs a session, or came too
/// often. An adapter maps each code to its HTTP status once (`passkey-server`: `Docs/Server.md`, "Error codes").
public struct AccountError: Error, Sendable, CustomStringConvertible {
    /// A stable error code: its ``name`` is what a client switches on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The stable name.
        public let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// A registration for an account name that is taken: a new passkey is added to an existing account only
        /// by that account's own session (WebAuthn Level 3 §7.1 `#reg-ceremony-create-credential-record` stores the
        /// record "in the user account"; §14.6.3 account takeover).
        public static let accountExists = Code("accountExists")
        /// The account holds as many passkeys as the relying party allows (§5.4.3 `excludeCredentials` lists them
        /// all, so the list is kept bounded).
        public static let credentialLimitReached = Code("credentialLimitReached")
        /// The client sent more requests than the relying party accepts from one client address or for one account
        /// name in a while; it may try again later (HTTP `429` with `Retry-After`).
        public static let rateLimited = Code("rateLimited")
        /// The passkey is the account's only one: deleting it would lock the account out.
        public static let lastCredential = Code("lastCredential")
        /// The request needs a live session of the account (signed in, not signed out or expired since).
        public static let sessionRequired = Code("sessionRequired")

        /// Every code, in the order they were added.
        public static let allCodes: [Code] = [
            .accountExists, .credentialLimitReached, .rateLimited, .lastCredential, .sessionRequired,
        ]

        /// The name.
        public var description: String { name }
    }

    /// Which rule refused.
    public let code: Code
    /// What was wrong, for the client; it never echoes a username.
    public let message: String

    /// Creates the error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `sessionRequired` for a request that carries no live session.
    public static var sessionRequired: AccountError {
        AccountError(
            .sessionRequired,
            "sign in first: this route needs a session (the session cookie, or Authorization: Bearer)"
        )
    }

    /// `code: message`.
    public var description: String { "\(code.name): \(message)" }
}
