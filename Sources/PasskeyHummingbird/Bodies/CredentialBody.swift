#if Hummingbird
import Foundation
import PasskeyVerifier

/// Brings a credential posted to a result route to the shape `RelyingParty.finish…(json:)` reads (WebAuthn
/// Level 3 §5.1 `RegistrationResponseJSON`, `AuthenticationResponseJSON`), accepting what the FIDO Alliance
/// conformance-test server API allows besides: `rawId` absent (the `id` is used) and the client extension
/// outputs under `getClientExtensionResults`. A native iOS body (no `response` member) is passed unchanged.
enum CredentialBody {
    /// `body`, with `rawId` and `clientExtensionResults` filled in when the client left them out.
    ///
    /// - Throws: `malformedInput` ``PasskeyVerifier/WebAuthnError`` when `body` is not a JSON object.
    static func normalized(_ body: [UInt8]) throws -> [UInt8] {
        if let members = try? JSONDecoder().decode(TopLevelMembers.self, from: Data(body)),
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

    /// Which of the members that ``normalized(_:)`` looks at a JSON object has, whatever their values (`null`
    /// included): read with `JSONDecoder`, which builds no `Any` tree, so that a body already in the Level 3 shape
    /// (every browser's) is passed on after one cheap scan.
    private struct TopLevelMembers: Decodable {
        let hasResponse: Bool
        let hasRawID: Bool
        let hasGetClientExtensionResults: Bool

        private enum CodingKeys: String, CodingKey {
            case response, rawId, getClientExtensionResults
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            hasResponse = container.contains(.response)
            hasRawID = container.contains(.rawId)
            hasGetClientExtensionResults = container.contains(.getClientExtensionResults)
        }
    }
}
#endif
