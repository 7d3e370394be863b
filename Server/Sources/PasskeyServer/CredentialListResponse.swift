/// The answer to `POST /credentials`: ``CommonResponse``'s members and the account's passkeys in registration order.
public struct CredentialListResponse: Codable, Sendable, Hashable {
    /// `ok`.
    public var status: String
    /// Empty.
    public var errorMessage: String
    /// The passkeys.
    public var credentials: [CredentialSummary]

    /// Creates the answer.
    public init(credentials: [CredentialSummary]) {
        self.status = CommonResponse.ok.status
        self.errorMessage = CommonResponse.ok.errorMessage
        self.credentials = credentials
    }
}
