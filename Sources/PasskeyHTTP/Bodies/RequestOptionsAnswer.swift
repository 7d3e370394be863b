#if Hummingbird
import PasskeyVerifier

/// The body of a successful `POST /assertion/options` written with ``JSONWriter``: ``CommonResponse``'s `status` and
/// `errorMessage`, then the members of WebAuthn Level 3 §5.5 `PublicKeyCredentialRequestOptionsJSON` in declaration
/// order and with the omissions of its `Codable` form (`timeout`, `rpId` and `userVerification` left out when absent;
/// `allowCredentials` and `hints` always written), which is what ``OptionsResponse`` encodes.
package enum RequestOptionsAnswer {
    /// The body for `options`, or `nil` when it has extension inputs (§9), whose many shapes ``OptionsResponse``
    /// writes with `JSONEncoder`.
    package static func json(_ options: PublicKeyCredentialRequestOptionsJSON) -> [UInt8]? {
        guard options.extensions == nil else { return nil }
        var writer = JSONWriter(capacity: 192 + 96 * options.allowCredentials.count)
        writer.beginObject()
        writer.member("status", string: CommonResponse.ok.status)
        writer.member("errorMessage", string: CommonResponse.ok.errorMessage)
        writer.member("challenge", string: options.challenge)
        if let timeout = options.timeout {
            writer.member("timeout", integer: timeout)
        }
        if let relyingPartyID = options.rpId {
            writer.member("rpId", string: relyingPartyID)
        }
        writer.member("allowCredentials")
        writer.beginArray()
        for descriptor in options.allowCredentials {
            writer.beginElement()
            writer.beginObject()
            writer.member("type", string: descriptor.type)
            writer.member("id", string: descriptor.id)
            if let transports = descriptor.transports {
                writer.member("transports", strings: transports)
            }
            writer.endObject()
        }
        writer.endArray()
        if let userVerification = options.userVerification {
            writer.member("userVerification", string: userVerification.rawValue)
        }
        writer.member("hints", strings: options.hints.map(\.rawValue))
        writer.endObject()
        return writer.bytes
    }
}
#endif
