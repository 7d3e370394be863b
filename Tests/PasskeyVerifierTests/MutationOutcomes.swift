import PasskeyVerifier
import Testing

/// What a loop of mutated inputs produced: the `WebAuthnError` code of each, so a mutation test pins the
/// codes a region of bytes may produce instead of accepting any error.
struct MutationOutcomes {
    private(set) var codes: [String: WebAuthnError.Code] = [:]
    private(set) var accepted: [String] = []
    private(set) var otherErrors: [String] = []

    /// Runs `body` for the mutation named `name` and records its outcome.
    mutating func record(_ name: String, _ body: () throws -> Void) {
        do {
            try body()
            accepted.append(name)
        } catch let error as WebAuthnError {
            codes[name] = error.code
        } catch {
            otherErrors.append("\(name): \(error)")
        }
    }

    /// Every mutation was rejected with a `WebAuthnError` whose code is in `allowed` (or, with
    /// `allowingSuccess`, was accepted: a region where some changes are still well formed).
    func expectEveryMutation(
        allowingSuccess: Bool = false,
        rejectedWith allowed: Set<WebAuthnError.Code>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!codes.isEmpty || !accepted.isEmpty, "no mutation ran", sourceLocation: sourceLocation)
        if !allowingSuccess {
            #expect(accepted.isEmpty, "accepted: \(accepted.prefix(10))", sourceLocation: sourceLocation)
        }
        #expect(otherErrors.isEmpty, "not WebAuthnError: \(otherErrors.prefix(10))", sourceLocation: sourceLocation)
        let unexpected = codes.filter { !allowed.contains($0.value) }
        #expect(
            unexpected.isEmpty,
            "unexpected codes: \(unexpected.sorted { $0.key < $1.key }.prefix(10).map { "\($0.key) → \($0.value)" })",
            sourceLocation: sourceLocation
        )
    }
}
