#if Hummingbird
import Hummingbird
import PasskeyHTTP

extension RouteRefusal {
    /// Creates a refusal with the HTTP status `status`.
    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
        self.init(statusCode: status.code, code, message)
    }

    /// The HTTP status.
    public var status: HTTPResponse.Status { HTTPResponse.Status(code: statusCode) }
}
#endif
