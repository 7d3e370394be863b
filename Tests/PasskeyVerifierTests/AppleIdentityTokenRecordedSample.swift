import Foundation
import PasskeyVerifier
import Testing

/// A real Sign in with Apple identity token and the Apple key that signed it, replayed at its instant.
///
/// Provenance: the public test data of nerdzlab/socialite-apple-sign-in, `tests/DataStub.php` (commit
/// 7686f4af44687e737eb058b3aa75baf1a42044ce): the token `getToken()` returns (issued by Apple on 2020-04-30 for the
/// client ID `Nerdzlab.Aratrain-development`, without a nonce) and Apple's key `86D88Kf` as `getJWKResponseBody()`
/// returns it (the `appleid.apple.com/auth/keys` key of that time). The signature was checked independently
/// when copied (RSASSA-PKCS1-v1_5 SHA-256 over the first two parts, 2048-bit modulus).
@Suite struct AppleIdentityTokenRecordedSample {
    static let token =
        "eyJraWQiOiI4NkQ4OEtmIiwiYWxnIjoiUlMyNTYifQ.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoiTmVyZ"
        + "HpsYWIuQXJhdHJhaW4tZGV2ZWxvcG1lbnQiLCJleHAiOjE1ODgyNTgyODQsImlhdCI6MTU4ODI1NzY4NCwic3ViIjoiMDAwMDUwLmE2Yz"
        + "VlNTYwNmMyMDQ5NDFiMTAzZGI0MmJiNWFmYjQwLjEzMzIiLCJjX2hhc2giOiJ3bVc0OUZZaVdTQnpzQ19UazNRalB3IiwiZW1haWwiOiJ"
        + "pZ29yMTk5NG1ha2FyYUBnbWFpbC5jb20iLCJlbWFpbF92ZXJpZmllZCI6InRydWUiLCJhdXRoX3RpbWUiOjE1ODgyNTc2ODQsIm5vbmNl"
        + "X3N1cHBvcnRlZCI6dHJ1ZX0.Dh2rB9jsJ1UaNYn11F5XXvhQemCsWqDGPWh9XAQUFk5kQ5A2u8bHfwIU0D4w-J6Bk9mzGJsPKCNEFsrz"
        + "VylubBT5wV966Teq43q1fb0WusFQhlhaFDiLBAHXxvQcHda7Hr5GE78x2Gbc0MXq_-Y9RuWeH_RPbxA2Nt0BsE6q3EjcwZHUhWbsUtm"
        + "cfgHDNxNi_yLHM4YTLdpDcacqU-IWgidYFknHFeqjPBS-FzebRHyyp5fRNvYanpdtyeKQEId0_Ei4LT9jA7SKF88Q3sshTIUWrgadq-JA"
        + "NPSxOk7-d2ch_W2lXk4jq4LXowvPl2gbJjppAUsS0ZcD1vdAb2FRHA"
    static let keySet =
        #"{"keys": [{"kty": "RSA","kid": "86D88Kf","use": "sig","alg": "RS256","n": "iGaLqP6y-SJCCBq5Hv6pGDbG_SQ11"#
        + #"MNjH7rWHcCFYz4hGwHC4lcSurTlV8u3avoVNM8jXevG1Iu1SY11qInqUvjJur--hghr1b56OPJu6H1iKulSxGjEIyDP6c5BdE1uwprYyr"#
        + #"4IO9th8fOwCPygjLFrh44XEGbDIFeImwvBAGOhmMB2AD1n1KviyNsH0bEB7phQtiLk-ILjv1bORSRl8AK677-1T8isGfHKXGZ_ZGtStDe7"#
        + #"Lu0Ihp8zoUt59kx2o9uWpROkzF56ypresiIl4WprClRCjz8x6cPZXU2qNWhu71TQvUFwvIvbkE1oYaJMb0jcOTmBRZA2QuYw-zHLwQ","#
        + #""e": "AQAB"}]}"#
    /// One minute after `iat` (1588257684, 2020-04-30T14:41:24Z); `exp` is ten minutes after it.
    static let instant = Date(timeIntervalSince1970: 1_588_257_744)

    func verifier() throws -> AppleIdentityTokenVerifier {
        AppleIdentityTokenVerifier(
            clientIDs: ["Nerdzlab.Aratrain-development"], keySet: try JSONWebKeySet(json: Array(Self.keySet.utf8)))
    }

    @Test func theRecordedTokenVerifiesAtItsInstant() throws {
        let verified = try verifier().verify(Self.token, rawNonce: nil, at: Self.instant)
        #expect(verified.subject == "000050.a6c5e5606c204941b103db42bb5afb40.1332")
        #expect(verified.audience == "Nerdzlab.Aratrain-development")
        #expect(verified.keyIdentifier == "86D88Kf")
        #expect(verified.isEmailVerified == true)
        #expect(verified.isPrivateEmail == nil)
        #expect(verified.issuedAt == Date(timeIntervalSince1970: 1_588_257_684))
        #expect(verified.expiresAt == Date(timeIntervalSince1970: 1_588_258_284))
    }

    @Test func theRecordedTokenFailsEachCheckItShouldFail() throws {
        let verifier = try verifier()
        #expect(throws: WebAuthnError(.identityTokenExpired, "")) {
            try verifier.verify(Self.token, rawNonce: nil, at: Date(timeIntervalSince1970: 1_588_258_344))
        }
        #expect(throws: WebAuthnError(.identityTokenNonceMismatch, "")) {
            try verifier.verify(Self.token, rawNonce: "a nonce the app never set", at: Self.instant)
        }
        let other = AppleIdentityTokenVerifier(clientIDs: ["com.example.app"], keySet: verifier.keySet)
        #expect(throws: WebAuthnError(.identityTokenAudienceMismatch, "")) {
            try other.verify(Self.token, rawNonce: nil, at: Self.instant)
        }
        var tampered = Array(Self.token.utf8)
        tampered[tampered.count - 5] =
            tampered[tampered.count - 5] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(throws: WebAuthnError(.identityTokenSignatureInvalid, "")) {
            try verifier.verify(tampered, rawNonce: nil, at: Self.instant)
        }
    }
}
