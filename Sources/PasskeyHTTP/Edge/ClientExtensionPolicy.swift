#if Hummingbird
import PasskeyVerifier

/// Which client extension inputs (WebAuthn Level 3 §9, §10) an options request may ask for, checked before
/// anything is stored with the challenge: the decoded members are the only ones kept (unknown members are dropped
/// by decoding), and of those the ones a client could use to change what the verifier accepts, or to store data of
/// its choosing, are refused with `malformedInput`.
///
/// - Kept: `credProps` (§10.1.3), `credentialProtectionPolicy` and `enforceCredentialProtectionPolicy` (CTAP 2.1
///   §12.1), `minPinLength` (CTAP 2.1 §12.4), `largeBlob` `support` (`required` or `preferred`) and `read`
///   (§10.1.5), `prf` `eval` with `first` and `second` of at most ``maximumPRFSaltLength`` base64url characters
///   (§10.1.4).
/// - Refused: `appid` and `appidExclude` (§10.1.1, §10.1.2: a client-chosen AppID makes the verifier accept the
///   RP ID hash of any value it names; they come from ``ServerConfiguration/appID`` only), `largeBlob.write` (the
///   client's data is not the relying party's to write), `prf.evalByCredential` (unbounded per-credential inputs).
///
/// A registration asks for `credProps` unless the request says `false`, as the library does by default.
public struct ClientExtensionPolicy: Sendable {
    /// The AppID the server sends (``ServerConfiguration/appID``).
    public let appID: String?

    /// The longest `prf.eval.first` or `second` accepted: 128 base64url characters (96 bytes).
    public static let maximumPRFSaltLength = 128

    /// Creates the policy.
    public init(appID: String?) {
        self.appID = appID
    }

    /// The inputs of a registration (§5.4 `extensions`) for what `requested` asks.
    ///
    /// - Throws: `malformedInput` for an input the policy refuses.
    public func registration(_ requested: AuthenticationExtensionsClientInputsJSON?) throws
        -> AuthenticationExtensionsClientInputsJSON
    {
        var inputs = try allowed(requested)
        inputs.credProps = requested?.credProps ?? true
        inputs.appidExclude = appID
        return inputs
    }

    /// The inputs of an authentication (§5.5 `extensions`) for what `requested` asks; `nil` when there are none.
    ///
    /// - Throws: `malformedInput` for an input the policy refuses.
    public func authentication(_ requested: AuthenticationExtensionsClientInputsJSON?) throws
        -> AuthenticationExtensionsClientInputsJSON?
    {
        var inputs = try allowed(requested)
        inputs.appid = appID
        return inputs == AuthenticationExtensionsClientInputsJSON() ? nil : inputs
    }

    /// The allowed members of `requested`, without an AppID.
    private func allowed(_ requested: AuthenticationExtensionsClientInputsJSON?) throws
        -> AuthenticationExtensionsClientInputsJSON
    {
        guard let requested else { return AuthenticationExtensionsClientInputsJSON() }
        guard requested.appid == nil, requested.appidExclude == nil else {
            throw WebAuthnError(
                .malformedInput,
                "extensions.appid and extensions.appidExclude are set by the server's configuration, not by the client"
            )
        }
        var inputs = AuthenticationExtensionsClientInputsJSON(
            credProps: requested.credProps,
            credentialProtectionPolicy: requested.credentialProtectionPolicy,
            enforceCredentialProtectionPolicy: requested.enforceCredentialProtectionPolicy,
            minPinLength: requested.minPinLength
        )
        if let largeBlob = requested.largeBlob {
            guard largeBlob.write == nil else {
                throw WebAuthnError(.malformedInput, "extensions.largeBlob.write is not accepted from the client")
            }
            if let support = largeBlob.support, support != "required", support != "preferred" {
                throw WebAuthnError(.malformedInput, "extensions.largeBlob.support is neither required nor preferred")
            }
            inputs.largeBlob = AuthenticationExtensionsLargeBlobInputsJSON(
                support: largeBlob.support, read: largeBlob.read)
        }
        if let prf = requested.prf {
            guard prf.evalByCredential == nil else {
                throw WebAuthnError(.malformedInput, "extensions.prf.evalByCredential is not accepted from the client")
            }
            if let eval = prf.eval {
                let lengths = [eval.first.utf8.count, eval.second?.utf8.count ?? 0]
                guard lengths.allSatisfy({ $0 <= Self.maximumPRFSaltLength }) else {
                    throw WebAuthnError(
                        .malformedInput,
                        "extensions.prf.eval values are limited to \(Self.maximumPRFSaltLength) base64url characters"
                    )
                }
            }
            inputs.prf = AuthenticationExtensionsPRFInputsJSON(eval: prf.eval)
        }
        return inputs
    }
}
#endif
