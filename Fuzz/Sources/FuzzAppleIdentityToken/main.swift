// Sign in with Apple identity tokens (RFC 7515, RFC 7517, RFC 7519): any input is verified or rejected with a
// WebAuthnError, never a trap. The selector byte picks what the rest is:
//   0: a compact JWS, verified against the recorded Apple key 86D88Kf at the recorded token's instant; a token that
//      verifies must be the recorded one (no forgery);
//   1: a JSON Web Key Set document; a set that reads has 1...32 keys with unique kids and moduli of 2048+ bits;
//   2: a JWT claims set, signed here with a key generated per process and verified, so the claims reader is reached;
//      what verifies agrees with JSONSerialization on sub, and its audience is the client ID.
import CFuzzDriver
import Foundation
import FuzzSupport
import PasskeyVerifier
import PasskeyVerifierTesting

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    Fuzzing.writeSeedsIfRequested { seeds() }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    fuzz(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

/// The entry point SwiftPM links as `main`: hands the arguments to libFuzzer's driver.
@_cdecl("FuzzAppleIdentityToken_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

/// A real identity token and the Apple key that signed it: the public test data of nerdzlab/socialite-apple-sign-in
/// (`tests/DataStub.php`), as in `AppleIdentityTokenRecordedSample`.
enum Recorded {
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
    static let instant = Date(timeIntervalSince1970: 1_588_257_744)
    static let verifier: AppleIdentityTokenVerifier? = (try? JSONWebKeySet(json: Array(keySet.utf8))).map {
        AppleIdentityTokenVerifier(clientIDs: ["Nerdzlab.Aratrain-development"], keySet: $0)
    }
}

/// An Apple stand-in with a key generated for this process, and a verifier over its key set.
enum Generated {
    static let clientID = "com.example.app"
    static let issuedAt = Date(timeIntervalSince1970: 1_795_089_600)
    static let issuer: AppleIdentityTokenIssuer? = try? AppleIdentityTokenIssuer(keyIdentifier: "fuzz")
    static let verifier: AppleIdentityTokenVerifier? = (try? issuer?.keySet()).flatMap {
        $0.map { AppleIdentityTokenVerifier(clientIDs: [clientID], keySet: $0) }
    }
}

func seeds() -> [[UInt8]] {
    let claims = AppleIdentityTokenIssuer.claimsJSON(
        subject: "001234.0123456789abcdef0123456789abcdef.1234", audience: Generated.clientID, rawNonce: nil,
        issuedAt: Generated.issuedAt, email: "x7k2@privaterelay.appleid.com", isEmailVerified: true,
        isPrivateEmail: true, realUserStatus: .likelyReal, flagsAsStrings: true)
    let parts = Recorded.token.split(separator: ".").map(String.init)
    let recordedClaims = Base64URL.decode(parts[1]) ?? []
    return [
        [0] + Array(Recorded.token.utf8),
        [0] + Array((parts[0] + "." + parts[1] + ".").utf8),
        [1] + Array(Recorded.keySet.utf8),
        [1] + ((try? AppleIdentityTokenIssuer(keyIdentifier: "seed").keySetJSON) ?? []),
        [2] + Array(claims.utf8),
        [2] + recordedClaims,
    ]
}

func fuzz(_ bytes: [UInt8]) {
    guard let selector = bytes.first else { return }
    let body = Array(bytes.dropFirst())
    switch selector % 3 {
    case 0:
        guard let verifier = Recorded.verifier,
            let verified = try? verifier.verify(body, rawNonce: nil, at: Recorded.instant)
        else { return }
        let signed = Recorded.token.split(separator: ".").prefix(2).joined(separator: ".")
        let input = body.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).prefix(2)
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")
        Fuzzing.check(input == signed, "a token other than the recorded one verified with Apple's key")
        Fuzzing.check(verified.subject == "000050.a6c5e5606c204941b103db42bb5afb40.1332", "the subject changed")
    case 1:
        guard let set = try? JSONWebKeySet(json: body) else { return }
        Fuzzing.check((1...JSONWebKeySet.maximumKeyCount).contains(set.keys.count), "key count out of bounds")
        Fuzzing.check(Set(set.keys.map(\.keyIdentifier)).count == set.keys.count, "two keys share a kid")
        Fuzzing.check(set.keys.allSatisfy { $0.modulus.count >= 256 && $0.modulus.first != 0 }, "a short modulus")
    default:
        guard let issuer = Generated.issuer, let verifier = Generated.verifier,
            let token = try? issuer.identityToken(claims: String(decoding: body, as: UTF8.self)),
            let verified = try? verifier.verify(token, rawNonce: nil, at: Generated.issuedAt)
        else { return }
        Fuzzing.check(verified.audience == Generated.clientID, "the audience is not the client ID")
        Fuzzing.check(!verified.subject.isEmpty && verified.subject.utf8.count <= 255, "the subject is out of bounds")
        Fuzzing.check(verified.expiresAt > Generated.issuedAt.addingTimeInterval(-60), "an expired token verified")
        if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] {
            Fuzzing.check(object["sub"] as? String == verified.subject, "sub differs from JSONSerialization's")
        }
    }
}
