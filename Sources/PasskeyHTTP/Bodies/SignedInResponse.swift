#if Hummingbird
/// The answer to a verified `POST /attestation/result` or `POST /assertion/result`: ``CommonResponse``'s members,
/// the `username` of the account (the owner of the credential's user handle, WebAuthn Level 3 §5.4.3) and, when a
/// session started, its token for a native app (`Authorization: Bearer`; a browser uses the cookie).
public struct SignedInResponse: Codable, Sendable, Hashable {
    /// `ok`.
    public var status: String
    /// Empty.
    public var errorMessage: String
    /// The account.
    public var username: String
    /// The new session's token; absent when no session started (a passkey added by the signed-in account).
    public var sessionToken: String?

    /// Creates the answer.
    public init(username: String, sessionToken: String?) {
        self.status = CommonResponse.ok.status
        self.errorMessage = CommonResponse.ok.errorMessage
        self.username = username
        self.sessionToken = sessionToken
    }

    /// The answer as JSON, written with ``JSONWriter``: the members of its `Codable` form in declaration order, and
    /// `sessionToken` left out when `nil`.
    package var json: [UInt8] {
        var writer = JSONWriter(capacity: 96 + username.utf8.count + (sessionToken?.utf8.count ?? 0))
        writer.beginObject()
        writer.member("status", string: status)
        writer.member("errorMessage", string: errorMessage)
        writer.member("username", string: username)
        if let sessionToken {
            writer.member("sessionToken", string: sessionToken)
        }
        writer.endObject()
        return writer.bytes
    }
}
#endif
