import PasskeySignInWithApple

// Sign in with Apple identity tokens (RFC 7515, RFC 7517, RFC 7519): any input is verified or rejected with a
// WebAuthnError, never a trap. The selector byte picks what the rest is:
//   0: a compact JWS, verified against the key of one token sealed at start (a key generated per process); a token
//      that verifies must be the sealed one (no forgery);
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

/// One token sealed at start with a key of its own, generated for this process: the only input that case 0 may
/// find valid.
enum Sealed {
    static let clientID = "com.example.sealed"
    static let instant = Date(timeIntervalSince1970: 1_795_089_600)
    static let issuer: AppleIdentityTokenIssuer? = try? AppleIdentityTokenIssuer(keyIdentifier: "sealed")
    static let token: String? = try? issuer?.identityToken(
        claims: AppleIdentityTokenIssuer.claimsJSON(
            subject: "000123.sealed.0001", audience: clientID, rawNonce: nil, issuedAt: instant))
    static let verifier: AppleIdentityTokenVerifier? = (try? issuer?.keySet()).flatMap {
        $0.map { AppleIdentityTokenVerifier(clientIDs: [clientID], keySet: $0) }
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
    let sealed = Sealed.token ?? ""
    let parts = sealed.split(separator: ".").map(String.init)
    return [
        [0] + Array(sealed.utf8),
        [0] + Array((parts.prefix(2).joined(separator: ".") + ".").utf8),
        [1] + (Sealed.issuer?.keySetJSON ?? []),
        [1] + ((try? AppleIdentityTokenIssuer(keyIdentifier: "seed").keySetJSON) ?? []),
        [2] + Array(claims.utf8),
    ]
}

func fuzz(_ bytes: [UInt8]) {
    guard let selector = bytes.first else { return }
    let body = Array(bytes.dropFirst())
    switch selector % 3 {
    case 0:
        guard let verifier = Sealed.verifier, let sealed = Sealed.token,
            let verified = try? verifier.verify(body, rawNonce: nil, at: Sealed.instant)
        else { return }
        let signed = sealed.split(separator: ".").prefix(2).joined(separator: ".")
        let input = body.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).prefix(2)
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")
        Fuzzing.check(input == signed, "a token other than the sealed one verified with its key")
        Fuzzing.check(verified.subject == "000123.sealed.0001", "the subject changed")
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
