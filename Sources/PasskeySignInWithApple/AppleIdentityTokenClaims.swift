#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PasskeyVerifier

/// The JWT claims set of an identity token (RFC 7519 §4), read strictly but before any claim is checked:
/// `iss` and `sub` strings, `aud` a string or a non-empty array of strings (RFC 7519 §4.1.3), `exp`, `iat` and
/// `nbf` (optional) integers written as digits only (NumericDate, RFC 7519 §2, whole seconds as Apple writes them:
/// no fraction, no exponent), `nonce` and `email` strings,
/// `email_verified` and `is_private_email` booleans or the strings `"true"` / `"false"`, `real_user_status`
/// 0, 1 or 2. Other claims are ignored (RFC 7519 §4). A repeated claim name is rejected: JSON parsers disagree on
/// which of two values wins (RFC 7519 §4, RFC 8259 §4). Every failure is
/// `WebAuthnError/Code/identityTokenMalformed`.
struct AppleIdentityTokenClaims {
    /// The longest `sub` accepted (Apple's are about 44 characters).
    static let maximumSubjectLength = 255
    /// The most `aud` entries accepted.
    static let maximumAudienceCount = 16
    /// NumericDate bounds: 0 and 9999-12-31T23:59:59Z.
    static let numericDateRange: ClosedRange<Int64> = 0...253_402_300_799

    let issuer: String
    let subject: String
    let audiences: [String]
    let expiresAt: Int64
    let issuedAt: Int64
    let notBefore: Int64?
    let nonce: String?
    let email: String?
    let isEmailVerified: Bool?
    let isPrivateEmail: Bool?
    let realUserStatus: RealUserStatus?

    init(json bytes: [UInt8]) throws(WebAuthnError) {
        let payload: Payload
        do {
            payload = try JSONDecoder().decode(Payload.self, from: Data(bytes))
        } catch {
            throw WebAuthnError(
                .identityTokenMalformed,
                "the identity token's claims are not a JSON object with string iss, sub and nonce, a string or "
                    + "array aud, integer exp and iat, and boolean or \"true\"/\"false\" email flags: \(error)"
            )
        }
        guard let rawValues = JSONMemberNameScanner.topLevelValues(bytes) else {
            throw WebAuthnError(.identityTokenMalformed, "the identity token's claims repeat a claim name")
        }
        for name in ["exp", "iat", "nbf"] {
            guard let raw = rawValues[name] else { continue }
            guard !raw.isEmpty, raw.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                throw WebAuthnError(
                    .identityTokenMalformed,
                    "the identity token's \(name) is not written as whole seconds (digits only, no fraction or exponent)"
                )
            }
        }
        guard !payload.sub.isEmpty, payload.sub.utf8.count <= Self.maximumSubjectLength else {
            throw WebAuthnError(
                .identityTokenMalformed,
                "the identity token's sub is empty or longer than \(Self.maximumSubjectLength) bytes"
            )
        }
        guard !payload.aud.isEmpty, payload.aud.count <= Self.maximumAudienceCount else {
            throw WebAuthnError(
                .identityTokenMalformed,
                "the identity token's aud lists \(payload.aud.count) client IDs; 1 to \(Self.maximumAudienceCount) are accepted"
            )
        }
        for (name, value) in [("exp", payload.exp), ("iat", payload.iat), ("nbf", payload.nbf ?? 0)] {
            guard Self.numericDateRange.contains(value) else {
                throw WebAuthnError(
                    .identityTokenMalformed,
                    "the identity token's \(name) \(value) is not a NumericDate between 1970 and 9999"
                )
            }
        }
        var realUserStatus: RealUserStatus?
        if let raw = payload.realUserStatus {
            guard let status = RealUserStatus(rawValue: raw) else {
                throw WebAuthnError(
                    .identityTokenMalformed,
                    "the identity token's real_user_status is \(raw); 0, 1 or 2 are defined"
                )
            }
            realUserStatus = status
        }
        issuer = payload.iss
        subject = payload.sub
        audiences = payload.aud
        expiresAt = payload.exp
        issuedAt = payload.iat
        notBefore = payload.nbf
        nonce = payload.nonce
        email = payload.email
        isEmailVerified = payload.emailVerified
        isPrivateEmail = payload.isPrivateEmail
        self.realUserStatus = realUserStatus
    }

    // MARK: - Payload

    private struct Payload: Decodable {
        let iss: String
        let sub: String
        let aud: [String]
        let exp: Int64
        let iat: Int64
        let nbf: Int64?
        let nonce: String?
        let email: String?
        let emailVerified: Bool?
        let isPrivateEmail: Bool?
        let realUserStatus: Int?

        enum CodingKeys: String, CodingKey {
            case iss, sub, aud, exp, iat, nbf, nonce, email
            case emailVerified = "email_verified"
            case isPrivateEmail = "is_private_email"
            case realUserStatus = "real_user_status"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            iss = try container.decode(String.self, forKey: .iss)
            sub = try container.decode(String.self, forKey: .sub)
            if let single = try? container.decode(String.self, forKey: .aud) {
                aud = [single]
            } else {
                aud = try container.decode([String].self, forKey: .aud)
            }
            exp = try container.decode(Int64.self, forKey: .exp)
            iat = try container.decode(Int64.self, forKey: .iat)
            nbf = try container.decodeIfPresent(Int64.self, forKey: .nbf)
            nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
            email = try container.decodeIfPresent(String.self, forKey: .email)
            emailVerified = try Self.flag(container, .emailVerified)
            isPrivateEmail = try Self.flag(container, .isPrivateEmail)
            realUserStatus = try container.decodeIfPresent(Int.self, forKey: .realUserStatus)
        }

        /// A boolean claim Apple writes either as a JSON boolean or as the string `"true"` or `"false"`.
        private static func flag(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Bool? {
            guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
            if let value = try? container.decode(Bool.self, forKey: key) {
                return value
            }
            switch try container.decode(String.self, forKey: key) {
            case "true": return true
            case "false": return false
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: key,
                    in: container,
                    debugDescription: "\(key.stringValue) is neither a boolean nor \"true\" or \"false\""
                )
            }
        }
    }
}
