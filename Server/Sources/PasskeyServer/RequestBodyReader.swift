import Foundation
import Hummingbird
import NIOCore
import PasskeyVerifier

/// Reads the JSON bodies of the ceremony routes: at most ``maximumSize`` bytes, and a body that is larger, is
/// not JSON or has the wrong shape is a `malformedInput` ``PasskeyVerifier/WebAuthnError``, never a server
/// error.
enum RequestBodyReader {
    /// The largest body accepted: 64 KiB, far above any WebAuthn Level 3 §5.1 response.
    static let maximumSize = 64 * 1024

    /// The bytes of `request`'s body.
    static func bytes(of request: Request) async throws -> [UInt8] {
        do {
            let buffer = try await request.body.collect(upTo: maximumSize)
            return Array(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw WebAuthnError(.malformedInput, "the body is larger than \(maximumSize) bytes")
        }
    }

    /// `request`'s body decoded as a `Value`.
    static func decode<Value: Decodable>(_ type: Value.Type, from request: Request) async throws -> Value {
        let body = try await bytes(of: request)
        do {
            return try JSONDecoder().decode(Value.self, from: Data(body))
        } catch {
            throw WebAuthnError(.malformedInput, "the body does not decode as \(Value.self): \(error)")
        }
    }
}
