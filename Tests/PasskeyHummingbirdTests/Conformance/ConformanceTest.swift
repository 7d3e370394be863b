#if Server
/// One test of the FIDO Alliance's FIDO2 server conformance test list (the conformance tools' "FIDO2 Server"
/// tests, published in `conformance-test-tools-resources`, `docs/FIDO2/Server/`): its suite, its number within
/// the suite (`P-n` expects success, `F-n` an error), whether the tools mark it optional, and what it checks, in
/// this project's words.
struct ConformanceTest: Sendable, Hashable {
    /// A suite of the list: its identifier and its subject.
    struct Suite: Sendable, Hashable {
        /// The identifier the tools print, such as `Server-ServerAuthenticatorAttestationResponse-Resp-1`.
        let id: String
        /// What the suite exercises.
        let subject: String
    }

    let suite: Suite
    /// `P-1`, `F-12`, …
    let number: String
    let isMandatory: Bool
    /// What the test sends and expects, paraphrased.
    let summary: String

    /// The suite identifier and the number, such as `Server-ServerAuthenticatorAssertionResponse-Resp-3 F-4`.
    var id: String { "\(suite.id) \(number)" }

    /// Whether the tools expect the server to succeed (`P-n`) rather than to answer an error (`F-n`).
    var expectsSuccess: Bool { number.hasPrefix("P-") }
}
#endif
