import PasskeyCrypto
import PasskeySignInWithApple
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Plays Apple's part of Sign in with Apple in a host's tests: a fresh RSA-2048 key, the JSON Web Key Set that
/// publishes it (RFC 7517 §5, as at `https://appleid.apple.com/auth/keys`), and identity tokens signed with it
/// (RS256 JWTs, RFC 7519), so ``AppleIdentityTokenVerifier`` and the routes over it can be tested offline.
public struct AppleIdentityTokenIssuer: Sendable {
    /// The `kid` of the key, in the key set and in every token header.
    public let keyIdentifier: String
    private let privateKey: PrivateKey

    /// Generates a key named `keyIdentifier`.
    public init(keyIdentifier: String = "test-apple-key") throws {
        self.keyIdentifier = keyIdentifier
        self.privateKey = try PrivateKey.generate(.rs256)
    }

    /// The key as one JSON Web Key object (`kty`, `kid`, `use`, `alg`, `n`, `e`).
    public var jsonWebKeyJSON: String {
        let modulus = Base64URL.encode(privateKey.coseKey.modulus ?? [])
        let exponent = Base64URL.encode(privateKey.coseKey.exponent ?? [])
        return
            #"{"kty":"RSA","kid":"\#(keyIdentifier)","use":"sig","alg":"RS256","n":"\#(modulus)","e":"\#(exponent)"}"#
    }

    /// The JSON Web Key Set document listing this key.
    public var keySetJSON: [UInt8] {
        Array(#"{"keys":[\#(jsonWebKeyJSON)]}"#.utf8)
    }

    /// The key set, read.
    public func keySet() throws -> JSONWebKeySet {
        try JSONWebKeySet(json: keySetJSON)
    }

    /// The claims JSON of a typical identity token: `iss` Apple's issuer, `aud`, `sub`, `iat`, `exp` = `iat` +
    /// `lifetime`, `nonce` the lowercase hexadecimal SHA-256 of `rawNonce`, and the email claims when given
    /// (`email_verified` and `is_private_email` as the strings Apple sends on some platforms when
    /// `flagsAsStrings`).
    public static func claimsJSON(
        subject: String,
        audience: String,
        rawNonce: String?,
        issuedAt: Date,
        lifetime: TimeInterval = 600,
        issuer: String = AppleIdentityTokenVerifier.issuer,
        email: String? = nil,
        isEmailVerified: Bool? = nil,
        isPrivateEmail: Bool? = nil,
        realUserStatus: RealUserStatus? = nil,
        flagsAsStrings: Bool = false
    ) -> String {
        let issued = Int64(issuedAt.timeIntervalSince1970.rounded(.down))
        var members = [
            #""iss":"\#(issuer)""#, #""aud":"\#(audience)""#, #""exp":\#(issued + Int64(lifetime))"#,
            #""iat":\#(issued)"#, #""sub":"\#(subject)""#,
        ]
        if let rawNonce {
            let hash = HashAlgorithm.sha256.hash(Array(rawNonce.utf8))
            members.append(#""nonce":"\#(hexadecimal(hash))""#)
            members.append(#""nonce_supported":true"#)
        }
        if let email { members.append(#""email":"\#(email)""#) }
        let flag: (Bool) -> String = { flagsAsStrings ? #""\#($0)""# : "\($0)" }
        if let isEmailVerified { members.append(#""email_verified":\#(flag(isEmailVerified))"#) }
        if let isPrivateEmail { members.append(#""is_private_email":\#(flag(isPrivateEmail))"#) }
        if let realUserStatus { members.append(#""real_user_status":\#(realUserStatus.rawValue)"#) }
        members.append(#""auth_time":\#(issued)"#)
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A compact JWS of `claims` (any text: tests may pass malformed claims) under `header`, by default
    /// `{"kid":…,"alg":"RS256"}` as Apple writes it, signed with RS256 unless `signature` replaces it.
    public func identityToken(claims: String, header: String? = nil, signature: [UInt8]? = nil) throws -> String {
        let headerJSON = header ?? #"{"kid":"\#(keyIdentifier)","alg":"RS256"}"#
        let signingInput = Base64URL.encode(Array(headerJSON.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
        let signatureBytes = try signature ?? privateKey.sign(Array(signingInput.utf8), algorithm: .rs256)
        return signingInput + "." + Base64URL.encode(signatureBytes)
    }

    /// Lowercase hexadecimal, two digits per byte.
    private static func hexadecimal(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
