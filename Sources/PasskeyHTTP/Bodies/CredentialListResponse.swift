#if Hummingbird
import PasskeyVerifier

/// The answer to `GET /credentials`: ``CommonResponse``'s members, the signed-in account's passkeys in registration
/// order, and the arguments of `PublicKeyCredential.signalAllAcceptedCredentials()` and
/// `signalCurrentUserDetails()` (WebAuthn Level 3 §5.1.10.2, §5.1.10.3) that keep the user's credential manager in
/// step.
public struct CredentialListResponse: Codable, Sendable, Hashable {
    /// `ok`.
    public var status: String
    /// Empty.
    public var errorMessage: String
    /// The passkeys.
    public var credentials: [CredentialSummary]
    /// Every credential ID the account accepts.
    public var allAcceptedCredentials: AllAcceptedCredentialsOptionsJSON
    /// The account's current names.
    public var currentUserDetails: CurrentUserDetailsOptionsJSON

    /// Creates the answer.
    public init(
        credentials: [CredentialSummary],
        allAcceptedCredentials: AllAcceptedCredentialsOptionsJSON,
        currentUserDetails: CurrentUserDetailsOptionsJSON
    ) {
        self.status = CommonResponse.ok.status
        self.errorMessage = CommonResponse.ok.errorMessage
        self.credentials = credentials
        self.allAcceptedCredentials = allAcceptedCredentials
        self.currentUserDetails = currentUserDetails
    }
}
#endif
