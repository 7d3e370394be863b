import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Verifies a Sign in with Apple identity token (`ASAuthorizationAppleIDCredential.identityToken`), a JWT signed
/// by Apple (RFC 7519, RFC 7515), as Apple's "Verifying a user" describes, with the rigour of a WebAuthn ceremony:
/// a pure function of the token, the raw nonce, the instant and Apple's keys, which the host supplies as a
/// ``JSONWebKeySet`` (fetched and cached by the host: the library never touches the network).
///
/// The checks, in order, each with its own stable code:
/// 1. a compact JWS of at most ``maximumTokenLength`` bytes: three base64url parts, a JSON header with no `crit`
///    and no repeated member, `typ` absent or `JWT` compared ignoring case, with or without `application/`
///    (RFC 7515 §4.1.9, RFC 7519 §5.1): `WebAuthnError/Code/identityTokenMalformed`;
/// 2. `alg` exactly `RS256` (`none`, `HS256` and every other value: `WebAuthnError/Code/unsupportedAlgorithm`);
/// 3. `kid` present (else malformed) and naming a key of the set: `WebAuthnError/Code/identityTokenKeyNotFound`;
/// 4. the RSASSA-PKCS1-v1_5 SHA-256 signature (RFC 7518 §3.3): `WebAuthnError/Code/identityTokenSignatureInvalid`;
/// 5. the claims read as `AppleIdentityTokenClaims` describes (malformed otherwise);
/// 6. `iss` is ``issuer``: `WebAuthnError/Code/identityTokenIssuerMismatch`;
/// 7. `aud` (a string or an array) names one of ``clientIDs``: `WebAuthnError/Code/identityTokenAudienceMismatch`
///    (the message names the token's `aud`, never the configured client IDs);
/// 8. the instant is before `exp` + ``leeway``: `WebAuthnError/Code/identityTokenExpired`;
/// 9. `iat` is not after the instant + ``leeway``, nor `nbf` when present (RFC 7519 §4.1.5):
///    `WebAuthnError/Code/identityTokenIssuedInFuture`;
/// 10. `nonce` as the ``NonceExpectation`` says, compared in constant time:
///     `WebAuthnError/Code/identityTokenNonceMismatch`. An iOS app usually generates a raw nonce, passes its
///     lowercase hexadecimal SHA-256 to `ASAuthorizationAppleIDRequest.nonce` and sends the raw nonce beside the
///     token (``NonceExpectation/sha256Hex(_:)``); Apple's web flow (Sign in with Apple JS, the REST redirect)
///     puts the `nonce` parameter into the token unchanged (``NonceExpectation/exact(_:)``). A host that issues
///     no nonce passes ``NonceExpectation/none`` and gives up the nonce's protection against a replayed token (a
///     decision to write down; `passkey-server` always issues one and takes it once).
///
/// The instant must be a finite time between 1970 and 9999 (else `WebAuthnError/Code/malformedInput`); the
/// leeway is clamped to 0 … ``maximumLeeway`` seconds (a NaN leeway counts as 0), so no value a host passes traps
/// or disables the lifetime checks.
public struct AppleIdentityTokenVerifier: Sendable {
    /// The `iss` of every identity token (Apple, "Verifying a user").
    public static let issuer = "https://appleid.apple.com"
    /// The default clock leeway for `exp` and `iat`, 60 seconds (RFC 7519 §4.1.4 allows "a small leeway").
    public static let defaultLeeway: TimeInterval = 60
    /// The longest token accepted, 8 KiB (Apple's are about 1 KiB).
    public static let maximumTokenLength = 8192
    /// The longest raw nonce accepted, 1 KiB.
    public static let maximumRawNonceLength = 1024
    /// The largest clock leeway honoured, 600 seconds: a larger one is clamped to it.
    public static let maximumLeeway: TimeInterval = 600

    /// What the token's `nonce` claim must be.
    public enum NonceExpectation: Sendable, Hashable {
        /// The lowercase hexadecimal SHA-256 of this raw nonce's UTF-8 (what an iOS app passes to
        /// `ASAuthorizationAppleIDRequest.nonce`, usually computed with CryptoKit).
        case sha256Hex(String)
        /// Exactly this value (Apple's web flow, whose `nonce` parameter the token carries unchanged).
        case exact(String)
        /// No nonce is checked: the token can be replayed until it expires.
        case none
    }

    /// The client IDs the token may be for: the app's bundle ID and the Services IDs of its web sign-in.
    public let clientIDs: [String]
    /// Apple's public keys.
    public let keySet: JSONWebKeySet
    /// The clock leeway, in seconds, for `exp`, `iat` and `nbf`: the value given clamped to 0 …
    /// ``maximumLeeway`` (negative values and NaN count as 0).
    public let leeway: TimeInterval

    /// Creates a verifier for `clientIDs` with Apple's keys; with no client ID every token fails the audience check.
    public init(
        clientIDs: [String], keySet: JSONWebKeySet, leeway: TimeInterval = AppleIdentityTokenVerifier.defaultLeeway
    ) {
        self.clientIDs = clientIDs
        self.keySet = keySet
        self.leeway = leeway.isNaN ? 0 : min(max(leeway, 0), Self.maximumLeeway)
    }

    /// Verifies `identityToken` (the UTF-8 of the JWT) for the raw nonce the app generated, whose lowercase
    /// hexadecimal SHA-256 the token must carry (`nil`: no nonce is checked), at `instant`.
    public func verify(
        _ identityToken: [UInt8],
        rawNonce: String?,
        at instant: Date
    ) throws(WebAuthnError) -> AppleIdentityToken {
        try verify(identityToken, nonce: rawNonce.map { .sha256Hex($0) } ?? NonceExpectation.none, at: instant)
    }

    /// Verifies `identityToken` (the UTF-8 of the JWT), whose `nonce` must meet `nonce`, at `instant`.
    public func verify(
        _ identityToken: [UInt8],
        nonce expectation: NonceExpectation,
        at instant: Date
    ) throws(WebAuthnError) -> AppleIdentityToken {
        let now = instant.timeIntervalSince1970
        guard now.isFinite, now >= 0, now <= Double(AppleIdentityTokenClaims.numericDateRange.upperBound) else {
            throw WebAuthnError(
                .malformedInput,
                "the instant to verify the identity token at is not a finite time between 1970 and 9999"
            )
        }
        let nowSeconds = Int64(now.rounded(.down))
        let leewaySeconds = Int64(leeway.rounded(.down))
        let token = try JSONWebSignature(
            compact: identityToken,
            context: "the identity token",
            maximumLength: Self.maximumTokenLength,
            failureCode: .identityTokenMalformed
        )
        guard token.algorithmName == "RS256" else {
            throw WebAuthnError(
                .unsupportedAlgorithm,
                "the identity token is signed with \(token.algorithmName); Apple signs with RS256 only"
            )
        }
        if let type = token.type, !["jwt", "application/jwt"].contains(type.lowercased()) {
            throw WebAuthnError(.identityTokenMalformed, "the identity token's typ is \"\(type.prefix(64))\", not JWT")
        }
        guard let keyIdentifier = token.keyIdentifier else {
            throw WebAuthnError(.identityTokenMalformed, "the identity token's header has no kid")
        }
        guard let key = keySet.key(withIdentifier: keyIdentifier) else {
            throw WebAuthnError(
                .identityTokenKeyNotFound,
                "the identity token's kid \"\(keyIdentifier.prefix(64))\" is not among Apple's keys "
                    + "(\(keySet.keys.map(\.keyIdentifier).joined(separator: ", "))); refresh the key set"
            )
        }
        guard try token.isSignatureValid(with: key.publicKey) else {
            throw WebAuthnError(
                .identityTokenSignatureInvalid,
                "the identity token's signature does not verify with Apple's key \"\(keyIdentifier.prefix(64))\""
            )
        }
        let claims = try AppleIdentityTokenClaims(json: token.payload)
        guard claims.issuer == Self.issuer else {
            throw WebAuthnError(
                .identityTokenIssuerMismatch,
                "the identity token's iss is \"\(claims.issuer.prefix(128))\", not \(Self.issuer)"
            )
        }
        guard let audience = claims.audiences.first(where: clientIDs.contains) else {
            throw WebAuthnError(
                .identityTokenAudienceMismatch,
                "the identity token is for \(claims.audiences.map { "\"\($0.prefix(128))\"" }.joined(separator: ", ")), "
                    + "not for a client ID this relying party accepts"
            )
        }
        guard now < Double(claims.expiresAt) + leeway else {
            throw WebAuthnError(
                .identityTokenExpired,
                "the identity token expired at \(claims.expiresAt) (Unix time); it is now \(nowSeconds), "
                    + "leeway \(leewaySeconds) s"
            )
        }
        guard Double(claims.issuedAt) <= now + leeway else {
            throw WebAuthnError(
                .identityTokenIssuedInFuture,
                "the identity token was issued at \(claims.issuedAt) (Unix time), after now "
                    + "\(nowSeconds) plus the leeway of \(leewaySeconds) s"
            )
        }
        if let notBefore = claims.notBefore, Double(notBefore) > now + leeway {
            throw WebAuthnError(
                .identityTokenIssuedInFuture,
                "the identity token is not valid before \(notBefore) (Unix time, nbf), after now "
                    + "\(nowSeconds) plus the leeway of \(leewaySeconds) s"
            )
        }
        switch expectation {
        case .sha256Hex(let rawNonce): try Self.checkHashedNonce(claims.nonce, rawNonce: rawNonce)
        case .exact(let value): try Self.checkExactNonce(claims.nonce, value: value)
        case .none: break
        }
        return AppleIdentityToken(
            subject: claims.subject,
            audience: audience,
            issuedAt: Date(timeIntervalSince1970: Double(claims.issuedAt)),
            expiresAt: Date(timeIntervalSince1970: Double(claims.expiresAt)),
            email: claims.email,
            isEmailVerified: claims.isEmailVerified,
            isPrivateEmail: claims.isPrivateEmail,
            realUserStatus: claims.realUserStatus,
            keyIdentifier: keyIdentifier,
            nonce: claims.nonce
        )
    }

    /// Verifies an identity token given as text, as the byte form of this method does.
    public func verify(_ identityToken: String, rawNonce: String?, at instant: Date) throws(WebAuthnError)
        -> AppleIdentityToken
    {
        try verify(Array(identityToken.utf8), rawNonce: rawNonce, at: instant)
    }

    /// Verifies an identity token given as text, as the byte form of this method does.
    public func verify(_ identityToken: String, nonce: NonceExpectation, at instant: Date) throws(WebAuthnError)
        -> AppleIdentityToken
    {
        try verify(Array(identityToken.utf8), nonce: nonce, at: instant)
    }

    /// `nonce` must be the lowercase hexadecimal SHA-256 of the raw nonce's UTF-8.
    private static func checkHashedNonce(_ nonce: String?, rawNonce: String) throws(WebAuthnError) {
        try checkLength(rawNonce, "raw nonce")
        guard let nonce else {
            throw WebAuthnError(
                .identityTokenNonceMismatch,
                "the identity token has no nonce; the app must set ASAuthorizationAppleIDRequest.nonce"
            )
        }
        let expected = Array(Hexadecimal.encode(HashAlgorithm.sha256.hash(Array(rawNonce.utf8))).utf8)
        guard ConstantTime.equals(Array(nonce.utf8), expected) else {
            throw WebAuthnError(
                .identityTokenNonceMismatch,
                "the identity token's nonce is not the lowercase hexadecimal SHA-256 of the raw nonce"
            )
        }
    }

    /// `nonce` must be exactly `value`.
    private static func checkExactNonce(_ nonce: String?, value: String) throws(WebAuthnError) {
        try checkLength(value, "expected nonce")
        guard let nonce else {
            throw WebAuthnError(
                .identityTokenNonceMismatch,
                "the identity token has no nonce; the sign-in request must carry the nonce parameter"
            )
        }
        guard ConstantTime.equals(Array(nonce.utf8), Array(value.utf8)) else {
            throw WebAuthnError(.identityTokenNonceMismatch, "the identity token's nonce is not the expected nonce")
        }
    }

    /// A nonce the host passes must be 1 to ``maximumRawNonceLength`` bytes.
    private static func checkLength(_ value: String, _ name: String) throws(WebAuthnError) {
        guard !value.isEmpty, value.utf8.count <= maximumRawNonceLength else {
            throw WebAuthnError(
                .identityTokenNonceMismatch,
                "the \(name) is empty or longer than \(maximumRawNonceLength) bytes"
            )
        }
    }
}
