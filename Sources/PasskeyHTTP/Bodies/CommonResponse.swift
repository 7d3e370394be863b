#if Hummingbird
/// The body of every answer of the FIDO Alliance conformance-test server API (`ServerResponse`):
/// `{"status": "ok", "errorMessage": ""}`, or `"failed"` and `"<code>: <message>"` when a request is rejected.
public struct CommonResponse: Codable, Sendable, Hashable {
    /// `ok` or `failed`.
    public var status: String
    /// Empty when `ok`; otherwise the library's stable error code, a colon and what was wrong.
    public var errorMessage: String

    /// Creates a response.
    public init(status: String, errorMessage: String) {
        self.status = status
        self.errorMessage = errorMessage
    }

    /// `{"status": "ok", "errorMessage": ""}`.
    public static let ok = CommonResponse(status: "ok", errorMessage: "")

    /// `{"status": "failed", "errorMessage": "<code>: <message>"}`.
    public static func failed(code: String, message: String) -> CommonResponse {
        CommonResponse(status: "failed", errorMessage: "\(code): \(message)")
    }
}
#endif
