import PasskeyCrypto

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
///    and no repeated member, `typ` absent or `JWT` (RFC 7515 §7.1, RFC 7519 §5.1):
///    ``WebAuthnError/Code/identityTokenMalformed``;
/// 2. `alg` exactly `RS256` (`none`, `HS256` and every other value: ``WebAuthnError/Code/unsupportedAlgorithm``);
/// 3. `kid` present (else malformed) and naming a key of the set: ``WebAuthnError/Code/identityTokenKeyNotFound``;
/// 4. the RSASSA-PKCS1-v1_5 SHA-256 signature (RFC 7518 §3.3): ``WebAuthnError/Code/identityTokenSignatureInvalid``;
/// 5. the claims read as `AppleIdentityTokenClaims` describes (malformed otherwise);
/// 6. `iss` is ``issuer``: ``WebAuthnError/Code/identityTokenIssuerMismatch``;
/// 7. `aud` (a string or an array) names one of ``clientIDs``: ``WebAuthnError/Code/identityTokenAudienceMismatch``;
/// 8. the instant is before `exp` + ``leeway``: ``WebAuthnError/Code/identityTokenExpired``;
/// 9. `iat` is not after the instant + ``leeway``: ``WebAuthnError/Code/identityTokenIssuedInFuture``;
/// 10. `nonce` is the lowercase hexadecimal SHA-256 of the raw nonce the app generated and sends beside the token
///     (the app passes the hash to `ASAuthorizationAppleIDRequest.nonce`, so the token carries the hash), compared
///     in constant time: ``WebAuthnError/Code/identityTokenNonceMismatch``. A host that issues no nonce passes
///     `rawNonce: nil` and skips this check, giving up the nonce's protection against a replayed token (a
///     decision to write down; `passkey-server` always requires one).
public struct AppleIdentityTokenVerifier: Sendable {
    /// The `iss` of every identity token (Apple, "Verifying a user").
    public static let issuer = "https://appleid.apple.com"
    /// The default clock leeway for `exp` and `iat`, 60 seconds (RFC 7519 §4.1.4 allows "a small leeway").
    public static let defaultLeeway: TimeInterval = 60
    /// The longest token accepted, 8 KiB (Apple's are about 1 KiB).
    public static let maximumTokenLength = 8192
    /// The longest raw nonce accepted, 1 KiB.
    public static let maximumRawNonceLength = 1024

    /// The client IDs the token may be for: the app's bundle ID and the Services IDs of its web sign-in.
    public let clientIDs: [String]
    /// Apple's public keys.
    public let keySet: JSONWebKeySet
    /// The clock leeway, in seconds, for `exp` and `iat` (negative values count as 0).
    public let leeway: TimeInterval

    /// Creates a verifier for `clientIDs` with Apple's keys; with no client ID every token fails the audience check.
    public init(
        clientIDs: [String], keySet: JSONWebKeySet, leeway: TimeInterval = AppleIdentityTokenVerifier.defaultLeeway
    ) {
        self.clientIDs = clientIDs
        self.keySet = keySet
        self.leeway = max(leeway, 0)
    }

    /// Verifies `identityToken` (the UTF-8 of the JWT) for the raw nonce the app generated (`nil`: no nonce is
    /// checked), at `instant`.
    public func verify(
        _ identityToken: [UInt8],
        rawNonce: String?,
        at instant: Date
    ) throws(WebAuthnError) -> AppleIdentityToken {
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
        if let type = token.type, type != "JWT" {
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
                    + "not for one of the client IDs \(clientIDs.joined(separator: ", "))"
            )
        }
        let now = instant.timeIntervalSince1970
        guard now < Double(claims.expiresAt) + leeway else {
            throw WebAuthnError(
                .identityTokenExpired,
                "the identity token expired at \(claims.expiresAt) (Unix time); it is now \(Int64(now.rounded(.down))), "
                    + "leeway \(Int(leeway)) s"
            )
        }
        guard Double(claims.issuedAt) <= now + leeway else {
            throw WebAuthnError(
                .identityTokenIssuedInFuture,
                "the identity token was issued at \(claims.issuedAt) (Unix time), after now "
                    + "\(Int64(now.rounded(.down))) plus the leeway of \(Int(leeway)) s"
            )
        }
        if let rawNonce {
            try Self.checkNonce(claims.nonce, rawNonce: rawNonce)
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
            keyIdentifier: keyIdentifier
        )
    }

    /// Verifies an identity token given as text, as the byte form of this method does.
    public func verify(_ identityToken: String, rawNonce: String?, at instant: Date) throws(WebAuthnError)
        -> AppleIdentityToken
    {
        try verify(Array(identityToken.utf8), rawNonce: rawNonce, at: instant)
    }

    /// `nonce` must be the lowercase hexadecimal SHA-256 of the raw nonce's UTF-8.
    private static func checkNonce(_ nonce: String?, rawNonce: String) throws(WebAuthnError) {
        guard !rawNonce.isEmpty, rawNonce.utf8.count <= maximumRawNonceLength else {
            throw WebAuthnError(
                .identityTokenNonceMismatch,
                "the raw nonce is empty or longer than \(maximumRawNonceLength) bytes"
            )
        }
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
}
