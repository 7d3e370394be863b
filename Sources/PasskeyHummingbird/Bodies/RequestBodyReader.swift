#if Hummingbird
import Foundation
import Hummingbird
import NIOCore
import PasskeyHTTP
import PasskeyVerifier

/// Reads the JSON bodies of the ceremony routes: at most ``maximumSize`` bytes, and a body that is larger, is
/// not JSON, has the wrong shape or ends before it is complete (the client closed the connection, or
/// ``ConnectionGuardHandler`` closed it at the body deadline) is a `malformedInput`
/// ``PasskeyVerifier/WebAuthnError``, never a server error.
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
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw WebAuthnError(.malformedInput, "the body ended before it was complete")
        }
    }

    /// `request`'s body decoded as a `Value`.
    static func decode<Value: Decodable>(_ type: Value.Type, from request: Request) async throws -> Value {
        try decode(Value.self, from: try await bytes(of: request))
    }

    /// `body` decoded as a `Value`.
    static func decode<Value: Decodable>(_ type: Value.Type, from body: [UInt8]) throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: Data(body))
        } catch let error as DecodingError {
            throw WebAuthnError(.malformedInput, Self.describe(error))
        } catch {
            throw WebAuthnError(.malformedInput, "the body is not JSON")
        }
    }

    /// What is wrong with the body in plain words: the member's path (escaped, ``LogText``) and the kind of JSON
    /// value expected, never the decoder's Swift type names or the client's value.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let names = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            let joined = LogText.escaped(names.joined(separator: "."), maximumBytes: 128)
            return joined.isEmpty ? "the body" : "member \(joined)"
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not \(jsonKind(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is null; expected \(jsonKind(type))"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "the body is not JSON" : "\(path(context.codingPath)) has a value that is not allowed"
        @unknown default:
            return "the body does not have the expected shape"
        }
    }

    /// The kind of JSON value a decoder expected for `type`.
    private static func jsonKind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type, is Int64.Type, is UInt32.Type, is UInt64.Type, is UInt8.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is [Any].Type: "an array"
        default: "a JSON object"
        }
    }
}
#endif
