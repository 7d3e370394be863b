#if Hummingbird
import PasskeyVerifier

/// The answer of a management route that changed what the user's credential manager should show: ``CommonResponse``'s
/// members and the argument of the matching `PublicKeyCredential` signal (WebAuthn Level 3 §5.1.10):
/// `signalUnknownCredential()` after a delete, `signalCurrentUserDetails()` after a display-name change.
public struct SignalResponse: Codable, Sendable, Hashable {
    /// `ok`.
    public var status: String
    /// Empty.
    public var errorMessage: String
    /// The deleted passkey (§5.1.10.1).
    public var unknownCredential: UnknownCredentialOptionsJSON?
    /// The account's new names (§5.1.10.3).
    public var currentUserDetails: CurrentUserDetailsOptionsJSON?

    /// Creates the answer.
    public init(
        unknownCredential: UnknownCredentialOptionsJSON? = nil,
        currentUserDetails: CurrentUserDetailsOptionsJSON? = nil
    ) {
        self.status = CommonResponse.ok.status
        self.errorMessage = CommonResponse.ok.errorMessage
        self.unknownCredential = unknownCredential
        self.currentUserDetails = currentUserDetails
    }
}
#endif
