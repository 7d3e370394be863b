#if Hummingbird
import Foundation
import PasskeyVerifier

/// Brings a credential posted to a result route to the shape `RelyingParty.finish…(json:)` reads (WebAuthn
/// Level 3 §5.1 `RegistrationResponseJSON`, `AuthenticationResponseJSON`), accepting what the FIDO Alliance
/// conformance-test server API allows besides: `rawId` absent (the `id` is used) and the client extension
/// outputs under `getClientExtensionResults`. A native iOS body (no `response` member) is passed unchanged.
package enum CredentialBody {
    /// `body`, with `rawId` and `clientExtensionResults` filled in when the client left them out.
    ///
    /// - Throws: `malformedInput` ``PasskeyVerifier/WebAuthnError`` when `body` is not a JSON object.
    package static func normalized(_ body: [UInt8]) throws -> [UInt8] {
        if let members = try? ClientResponseMembers(of: body, describing: "the credential"),
            members.hasResponse, members.hasRawID, !members.hasGetClientExtensionResults
        {
            return body
        }
        let parsed = try? JSONSerialization.jsonObject(with: Data(body))
        guard var object = parsed as? [String: Any] else {
            throw WebAuthnError(.malformedInput, "the body is not a JSON object")
        }
        guard object["response"] != nil else { return body }
        var changed = false
        if object["rawId"] == nil, let id = object["id"] {
            object["rawId"] = id
            changed = true
        }
        if let results = object.removeValue(forKey: "getClientExtensionResults") {
            if object["clientExtensionResults"] == nil {
                object["clientExtensionResults"] = results
            }
            changed = true
        }
        guard changed else { return body }
        return Array(try JSONSerialization.data(withJSONObject: object))
    }
}
#endif
