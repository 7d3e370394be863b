#if Hummingbird
/// The answer to a verified `POST /auth/apple`: ``CommonResponse``'s members, the `username` of the linked account
/// and a single-use `appleRegistrationTicket` that `POST /attestation/options` requires to add a passkey to it.
public struct AppleSignInResponse: Codable, Sendable, Hashable {
    /// `ok`.
    public var status: String
    /// Empty.
    public var errorMessage: String
    /// The account, `apple:<sub>`.
    public var username: String
    /// The registration ticket: 32 random bytes in base64url, valid once for
    /// ``AppleSignInController/registrationTicketLifetime`` seconds.
    public var appleRegistrationTicket: String

    /// Creates the answer.
    public init(username: String, appleRegistrationTicket: String) {
        self.status = CommonResponse.ok.status
        self.errorMessage = CommonResponse.ok.errorMessage
        self.username = username
        self.appleRegistrationTicket = appleRegistrationTicket
    }
}
#endif
