import Foundation
import FuzzSupport
import PasskeyAccounts
import PasskeyVerifier

@testable import PasskeyHTTP
@testable import PasskeyHummingbird

/// What must hold for every input.
enum Invariants {
    /// The stable codes a failure may name: the library's (`WebAuthnError.Code.allCodes`,
    /// `AccountError.Code.allCodes`) and the HTTP layer's own.
    static let knownCodes: Set<String> = Set(WebAuthnError.Code.allCodes.map(\.name))
        .union(AccountError.Code.allCodes.map(\.name))
        .union([
            "notFound", "methodNotAllowed", "requestRefused", "crossOriginRequest", "unsupportedMediaType",
            "appleAccountConflict",
        ])

    /// A route's answer: never a 5xx; a 4xx is `{"status": "failed", "errorMessage": "code: …"}` with a known code
    /// and leaves the database as it was (a failed result route may have used up its challenge, a failed Apple
    /// sign-in its nonce: nothing is added); a 2xx of a JSON route is JSON.
    static func answer(_ answer: ServerUnderTest.Answer, target: Target) {
        let text = String(decoding: answer.body.prefix(300), as: UTF8.self)
        Fuzzing.check(answer.status < 500, "HTTP \(answer.status) for \(target): \(text)")
        Fuzzing.check(answer.status >= 200, "HTTP \(answer.status) for \(target)")
        if answer.status >= 400 {
            guard let common = try? JSONDecoder().decode(CommonResponse.self, from: Data(answer.body)) else {
                Fuzzing.check(false, "HTTP \(answer.status) for \(target) without the failure shape: \(text)")
                return
            }
            let code = String(common.errorMessage.prefix { $0 != ":" })
            Fuzzing.check(common.status == "failed", "HTTP \(answer.status) with status \(common.status)")
            Fuzzing.check(knownCodes.contains(code), "HTTP \(answer.status) for \(target) with unknown code \(code)")
            Fuzzing.check(
                answer.headers[.contentType]?.hasPrefix("application/json") == true,
                "HTTP \(answer.status) for \(target) is not application/json"
            )
            let before = ServerUnderTest.baseline
            let after = ServerUnderTest.database.snapshot
            Fuzzing.check(after.credentials == before.credentials, "a failed \(target) changed the credentials")
            Fuzzing.check(after.accounts == before.accounts, "a failed \(target) changed the accounts")
            Fuzzing.check(after.sessions == before.sessions, "a failed \(target) changed the sessions")
            Fuzzing.check(after.appleLinks == before.appleLinks, "a failed \(target) changed the Apple links")
            Fuzzing.check(
                Set(after.challenges.keys).isSubset(of: before.challenges.keys),
                "a failed \(target) stored a challenge"
            )
            Fuzzing.check(
                Set(after.appleSecrets.keys).isSubset(of: before.appleSecrets.keys),
                "a failed \(target) stored an Apple secret"
            )
        } else if target != .anyPath {
            Fuzzing.check(
                (try? JSONSerialization.jsonObject(with: Data(answer.body))) is [String: Any],
                "HTTP \(answer.status) for \(target) is not a JSON object: \(text)"
            )
        }
    }

    /// `CredentialBody.normalized`: a `malformedInput` WebAuthnError or a JSON object; a body without `response`
    /// comes back unchanged; with `response`, the result has no `getClientExtensionResults` and has `rawId` when
    /// the body had an `id`.
    static func credentialBody(_ body: [UInt8]) {
        let normalized: [UInt8]
        do {
            normalized = try CredentialBody.normalized(body)
        } catch let error as WebAuthnError {
            Fuzzing.check(error.code == .malformedInput, "CredentialBody threw \(error.code)")
            return
        } catch {
            Fuzzing.check(false, "CredentialBody threw a non-WebAuthnError: \(error)")
            return
        }
        guard let input = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            // Only the fast path passes such a body (JSONDecoder reads what JSONSerialization refuses: invalid UTF-8
            // or a lone surrogate in a string, a number beyond Double): unchanged, and in the shape it looked for,
            // as the decoder the library reads it with sees it.
            let members = try? JSONDecoder().decode([String: AnyMember].self, from: Data(body))
            Fuzzing.check(normalized == body, "CredentialBody changed a body JSONSerialization cannot read")
            Fuzzing.check(
                members?["response"] != nil && members?["rawId"] != nil
                    && members?["getClientExtensionResults"] == nil,
                "CredentialBody accepted a body that is not a JSON object in the Level 3 shape"
            )
            return
        }
        guard input["response"] != nil else {
            Fuzzing.check(normalized == body, "CredentialBody changed a body without response")
            return
        }
        guard let output = try? JSONSerialization.jsonObject(with: Data(normalized)) as? [String: Any] else {
            Fuzzing.check(false, "CredentialBody returned something that is not a JSON object")
            return
        }
        Fuzzing.check(output["getClientExtensionResults"] == nil, "getClientExtensionResults survived")
        Fuzzing.check(input["id"] == nil || output["rawId"] != nil, "an id without rawId survived")
        Fuzzing.check(output["response"] != nil, "response was lost")
    }

    /// `RequestBodyReader.decode` of the request bodies (`variant`: the options of registration or authentication,
    /// Sign in with Apple, a name change): the value, or a `malformedInput` WebAuthnError whose message is bounded
    /// and quotes no more than an escaped member path.
    static func requestBody(_ body: [UInt8], variant: UInt8) {
        do {
            switch variant {
            case 0: _ = try RequestBodyReader.decode(AttestationOptionsRequest.self, from: body)
            case 1: _ = try RequestBodyReader.decode(AssertionOptionsRequest.self, from: body)
            case 2: _ = try RequestBodyReader.decode(AppleSignInRequest.self, from: body)
            default: _ = try RequestBodyReader.decode(NameChangeRequest.self, from: body)
            }
        } catch let error as WebAuthnError {
            Fuzzing.check(error.code == .malformedInput, "RequestBodyReader threw \(error.code)")
            Fuzzing.check(
                error.message.utf8.count <= 400, "RequestBodyReader's message is \(error.message.utf8.count) bytes")
        } catch {
            Fuzzing.check(false, "RequestBodyReader threw a non-WebAuthnError: \(error)")
        }
    }

    /// The native iOS bodies (`NativeRegistrationPayload`, `NativeAssertionPayload`): read, or a WebAuthnError; a
    /// payload that reads converts to the Level 3 JSON the ceremonies take.
    static func nativePayload(_ body: [UInt8]) {
        if let registration = try? NativeRegistrationPayload(json: body) {
            let json = registration.registrationResponseJSON
            Fuzzing.check(!json.id.isEmpty || registration.credentialID.isEmpty, "a native registration lost its ID")
        }
        if let assertion = try? NativeAssertionPayload(json: body) {
            let json = assertion.authenticationResponseJSON
            Fuzzing.check(!json.id.isEmpty || assertion.credentialID.isEmpty, "a native assertion lost its ID")
        }
    }
}

/// Any JSON value, unread: what a member's presence needs.
private struct AnyMember: Decodable {
    init(from decoder: any Decoder) throws {}
}
