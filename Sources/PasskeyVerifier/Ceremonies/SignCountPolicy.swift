/// What to do when a signature counter does not increase (WebAuthn Level 3 §6.1.1, §7.2
/// `#sctn-verifying-assertion` step "signCount").
///
/// A counter pair of zero and zero always passes: authenticators that do not
/// implement a counter (most passkey providers) report zero every time.
public enum SignCountPolicy: Sendable, Hashable {
    /// A regression fails with `signCountRegression` (the default): the authenticator may have been cloned.
    case rejectRegression
    /// A regression passes and is reported in ``VerifiedAuthentication/signCountRegressed``.
    case reportRegression
}
