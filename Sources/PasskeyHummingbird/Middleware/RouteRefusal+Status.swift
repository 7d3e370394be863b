#if Hummingbird
import Hummingbird
import PasskeyHTTP

extension RouteRefusal {
    /// Creates a refusal with the HTTP status `status`.
    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
        self.init(statusCode: status.code, code, message)
    }

    /// The HTTP status; `500` when ``PasskeyHTTP/RouteRefusal/statusCode`` is not a client error's.
    public var status: HTTPResponse.Status {
        Self.statusCodes.contains(statusCode) ? HTTPResponse.Status(code: statusCode) : .internalServerError
    }
}
#endif
