#if Hummingbird
import Foundation
import Hummingbird
import NIOCore
import PasskeyHTTP

/// Builds the `application/json` responses of the server.
enum JSONResponse {
    /// `value` encoded as JSON with `status`.
    static func make(
        _ value: some Encodable,
        status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:]
    ) throws -> Response {
        make(bytes: Array(try JSONEncoder().encode(value)), status: status, headers: headers)
    }

    /// `bytes`, which are JSON, with `status` and `headers` besides the content type.
    static func make(bytes: [UInt8], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        fields[.cacheControl] = fields[.cacheControl] ?? "no-store"
        fields[.xContentTypeOptions] = "nosniff"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
#endif
