import Foundation
import FuzzSupport
import PasskeyVerifier
import PasskeyVerifierTesting

/// The seed corpus: every recorded Chromium body on its result route (as recorded, in the conformance-test shape
/// `CredentialBody` normalises, and as an iOS app's native body; with and without a session and an `Origin`), and a
/// valid body for every other route.
enum Seeds {
    static func all() -> [[UInt8]] {
        let fixtures = ServerUnderTest.fixtures
        var seeds: [[UInt8]] = []
        func add(_ target: Target, flags: UInt8 = 0, part: String = "", _ body: [UInt8]) {
            seeds.append([target.rawValue, flags] + FuzzInput.lengthPrefixed(Array(part.utf8)) + body)
        }
        func add(_ target: Target, flags: UInt8 = 0, part: String = "", json: String) {
            add(target, flags: flags, part: part, Array(json.utf8))
        }
        let origin: UInt8 = 0b100
        let bearer: UInt8 = 1
        let cookie: UInt8 = 2
        let conformance: UInt8 = 0b1_0000
        let results =
            fixtures.registrations.map { (Target.attestationResult, $0.responseJSON, $0.nativeJSON) }
            + fixtures.authentications.map { (Target.assertionResult, $0.responseJSON, $0.nativeJSON) }
        for (target, json, native) in results {
            add(target, flags: origin, json)
            add(target, json)
            add(target, flags: origin | cookie, json)
            add(target, flags: conformance, conformanceShape(json))
            add(target, native)
            add(target, flags: bearer, native)
            add(.credentialBody, json)
            add(.credentialBody, conformanceShape(json))
            add(.credentialBody, native)
            add(.nativePayload, native)
        }
        let attestationOptions = [
            #"{"username":"dave","displayName":"Dave"}"#,
            #"{"username":"dave","displayName":"Dave","authenticatorSelection":{"residentKey":"required","userVerification":"required"},"attestation":"direct"}"#,
            #"{"username":"dave","extensions":{"credProps":true,"largeBlob":{"support":"preferred"}}}"#,
            #"{"username":"alice"}"#,
            #"{"username":"","displayName":"Alice B"}"#,
            #"{"username":"apple:000123.abc.0001","appleRegistrationTicket":"x"}"#,
        ]
        for body in attestationOptions {
            add(.attestationOptions, flags: origin, json: body)
            add(.attestationOptions, flags: bearer, json: body)
            add(.attestationOptions, flags: conformance, json: body)
            add(.requestBody, flags: 0 << 6, json: body)
        }
        let assertionOptions = [
            #"{"username":"alice"}"#, "{}", #"{"username":"nobody"}"#,
            #"{"userVerification":"required","extensions":{"appid":"https://localhost","prf":{"eval":{"first":"AAAA"}}}}"#,
        ]
        for body in assertionOptions {
            add(.assertionOptions, flags: origin, json: body)
            add(.assertionOptions, flags: conformance, json: body)
            add(.requestBody, flags: 1 << 6, json: body)
        }
        let nonce = ServerUnderTest.appleNonce
        add(.appleNonce, flags: origin, json: "{}")
        add(.appleSignIn, json: #"{"identityToken":"eyJhbGciOiJSUzI1NiJ9.e30.AAAA","rawNonce":"\#(nonce)"}"#)
        add(
            .requestBody, flags: 2 << 6,
            json: #"{"identityToken":"a.b.c","rawNonce":"\#(nonce)","nonceIsUnhashed":true}"#)
        for unhashed in [false, true] {
            let claims = AppleIdentityTokenIssuer.claimsJSON(
                subject: "001234.0123456789abcdef0123456789abcdef.1234",
                audience: ServerUnderTest.appleClientID,
                rawNonce: nonce,
                issuedAt: Date(),
                lifetime: 365 * 86_400,
                email: "x7k2@privaterelay.appleid.com",
                isEmailVerified: true
            )
            add(.appleSignedClaims, flags: unhashed ? 1 << 6 : 0, json: claims)
        }
        let spare = Base64URL.encode(ServerUnderTest.aliceSecondCredential)
        let recorded = fixtures.authentications.first.map { Base64URL.encode($0.credentialID) } ?? ""
        add(.credentialList, flags: bearer, [])
        add(.credentialList, flags: origin | cookie, [])
        add(.credentialRename, flags: bearer, part: spare, json: #"{"nickname":"Backup key"}"#)
        add(.credentialRename, flags: origin | cookie, part: recorded, json: #"{"nickname":null}"#)
        add(.credentialDelete, flags: bearer, part: spare, [])
        add(.credentialDelete, flags: origin | cookie, part: recorded, [])
        add(.displayName, flags: bearer, json: #"{"displayName":"Alice A."}"#)
        add(.requestBody, flags: 3 << 6, json: #"{"nickname":"n","displayName":"d"}"#)
        add(.session, flags: bearer, [])
        add(.session, flags: cookie, [])
        add(.logout, flags: bearer, [])
        add(.logoutAll, flags: origin | cookie, [])
        add(.session, flags: 3, part: "AAAA", [])
        for path in [".well-known/webauthn", ".well-known/apple-app-site-association", "", "live", "ready", "nope"] {
            add(.anyPath, part: path, [])
        }
        add(.anyPath, flags: 1 << 6, part: "credentials", json: "{}")
        return seeds
    }

    /// `json` in the shape the FIDO conformance tools post: no `rawId`, the extension outputs under
    /// `getClientExtensionResults`.
    static func conformanceShape(_ json: [UInt8]) -> [UInt8] {
        guard var object = (try? JSONSerialization.jsonObject(with: Data(json))) as? [String: Any] else { return json }
        object["rawId"] = nil
        object["getClientExtensionResults"] = object.removeValue(forKey: "clientExtensionResults") ?? [:]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map(Array.init) ?? json
    }

    /// The body of `POST /auth/apple` for an identity token over `claims`, signed with the target's Apple key, and
    /// the nonce of ``ServerUnderTest/baseline``.
    static func appleSignInBody(claims: [UInt8], unhashed: Bool) -> [UInt8] {
        let token = (try? ServerUnderTest.appleIssuer?.identityToken(claims: String(decoding: claims, as: UTF8.self)))
        let body: [String: Any] = [
            "identityToken": token ?? "", "rawNonce": ServerUnderTest.appleNonce, "nonceIsUnhashed": unhashed,
        ]
        return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])).map(Array.init) ?? []
    }
}
