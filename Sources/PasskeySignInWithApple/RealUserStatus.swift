/// How likely Apple judges the person behind a Sign in with Apple account to be real: the
/// `real_user_status` claim of an identity token (Apple, "Authenticating users with Sign in with Apple";
/// `ASUserDetectionStatus` on the device).
///
/// Apple sends it only on the first sign-in of an account with a given app, and only from devices that can
/// tell; treat ``likelyReal`` as a hint to skip extra anti-fraud steps, never as proof.
public enum RealUserStatus: Int, Sendable, Hashable, CaseIterable {
    /// 0: the device cannot tell (not iOS, or an older system).
    case unsupported = 0
    /// 1: the device could not tell this time.
    case unknown = 1
    /// 2: the person is very likely real.
    case likelyReal = 2
}
