/// The answer to a verified `POST /assertion/result`: ``CommonResponse``'s members and the `username` of the
/// account that signed in (the owner of the credential's user handle, WebAuthn Level 3 §5.4.3).
public struct AssertionResultResponse: Codable, Sendable, Hashable {
    /// `ok`.
    public var status: String
    /// Empty.
    public var errorMessage: String
    /// The account that signed in.
    public var username: String

    /// Creates the answer for `username`.
    public init(username: String) {
        self.status = CommonResponse.ok.status
        self.errorMessage = CommonResponse.ok.errorMessage
        self.username = username
    }
}
