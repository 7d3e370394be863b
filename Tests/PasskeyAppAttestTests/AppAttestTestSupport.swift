import Foundation
import PasskeyVerifier
import Testing

/// What the App Attest tests share beside their vectors.
enum AppAttestTestSupport {
    /// 2025-01-01T00:00:00Z, inside the validity of the synthetic certificates of `AppAttestTestVectors`.
    static let instant = Date(timeIntervalSince1970: 1_735_689_600)

    /// Expects `body` to throw a ``WebAuthnError`` with `code` whose message mentions `fragment`,
    /// so that a rule's test cannot pass on another rule's failure with the same code.
    static func expect(
        _ code: WebAuthnError.Code,
        mentioning fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Void
    ) {
        let error = #expect(throws: WebAuthnError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.code == code, "\(error.map { "\($0)" } ?? "no error")", sourceLocation: sourceLocation)
        #expect(
            error?.message.contains(fragment) == true,
            "\(error?.message ?? "no message") does not mention \(fragment)",
            sourceLocation: sourceLocation
        )
    }
}
