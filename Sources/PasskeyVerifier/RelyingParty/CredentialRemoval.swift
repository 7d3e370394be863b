/// What ``CredentialStore/removeUnlessLast(credentialID:ownedBy:)`` did.
public enum CredentialRemoval: Sendable, Hashable {
    /// The record was deleted; its owner still has at least one credential.
    case removed
    /// No record has the credential ID, or it belongs to another user: nothing was deleted.
    case notFound
    /// The record is its owner's only credential: nothing was deleted, so the account keeps a way to sign in.
    case lastCredential
}
