import Foundation
import Hummingbird
import NIOCore

/// Builds the `application/json` responses of the server.
enum JSONResponse {
    /// `value` encoded as JSON with `status`.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        make(bytes: Array(try JSONEncoder().encode(value)), status: status)
    }

    /// `bytes`, which are JSON, with `status`.
    static func make(bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}
