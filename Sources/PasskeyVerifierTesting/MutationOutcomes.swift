import PasskeyVerifier

/// What a loop of mutated inputs produced: the ``PasskeyVerifier/WebAuthnError/Code`` each mutation was rejected
/// with, the mutations that were accepted and those that threw anything else, so a mutation test pins the codes a
/// region of bytes may produce instead of accepting any error.
///
/// ```swift
/// var outcomes = MutationOutcomes()
/// for index in bytes.indices {
///     var mutated = bytes
///     mutated[index] ^= 0xFF
///     outcomes.record("byte \(index)") { _ = try AttestationObject(bytes: mutated) }
/// }
/// #expect(outcomes.problems(rejectedWith: [.malformedCBOR]) == [])
/// ```
public struct MutationOutcomes: Sendable {
    /// The code of each mutation rejected with a `WebAuthnError`, by the mutation's name.
    public private(set) var codes: [String: WebAuthnError.Code] = [:]
    /// The names of the mutations that were accepted.
    public private(set) var accepted: [String] = []
    /// The mutations that threw something other than a `WebAuthnError`, as `name: error`.
    public private(set) var otherErrors: [String] = []

    /// No outcome yet.
    public init() {}

    /// Runs `body` for the mutation named `name` and records its outcome.
    public mutating func record(_ name: String, _ body: () throws -> Void) {
        do {
            try body()
            accepted.append(name)
        } catch let error as WebAuthnError {
            codes[name] = error.code
        } catch {
            otherErrors.append("\(name): \(error)")
        }
    }

    /// What stops "every mutation was rejected with a `WebAuthnError` whose code is in `allowed`" (or, with
    /// `allowingSuccess`, was accepted: a region where some changes are still well formed) from holding: empty when
    /// it holds, otherwise one line per kind of problem, each naming at most ten mutations.
    public func problems(allowingSuccess: Bool = false, rejectedWith allowed: Set<WebAuthnError.Code>) -> [String] {
        var problems: [String] = []
        if codes.isEmpty && accepted.isEmpty {
            problems.append("no mutation ran")
        }
        if !allowingSuccess && !accepted.isEmpty {
            problems.append("accepted: \(accepted.prefix(10))")
        }
        if !otherErrors.isEmpty {
            problems.append("not WebAuthnError: \(otherErrors.prefix(10))")
        }
        let unexpected = codes.filter { !allowed.contains($0.value) }.sorted { $0.key < $1.key }
        if !unexpected.isEmpty {
            problems.append("unexpected codes: \(unexpected.prefix(10).map { "\($0.key) → \($0.value)" })")
        }
        return problems
    }
}
