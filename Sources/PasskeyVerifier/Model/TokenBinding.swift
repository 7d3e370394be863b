/// The `tokenBinding` member of `clientDataJSON`, checked for its shape and otherwise unused (WebAuthn Level 2
/// §5.8.1 `TokenBinding` and `TokenBindingStatus`; Level 1 §5.10.1 has the status `not-supported` too; Level 3
/// §5.8.1 keeps the member reserved and expects no client to send it).
///
/// No browser negotiates Token Binding any more, so the relying party has no binding to compare; but a present
/// member that does not have the shape any level of the specification gave it comes from a broken or forged
/// client, and ``CollectedClientData`` refuses it with ``WebAuthnError/Code/malformedClientData``:
/// - not a JSON object;
/// - a member name that occurs twice;
/// - no `status`, or a `status` that is not a string;
/// - a `status` other than `present`, `supported` or `not-supported` (compared exactly, case included);
/// - the status `present` without an `id`, or with an `id` that is not a non-empty base64url string (RFC 4648 §5,
///   the URL alphabet without padding, as §3 of every level defines base64url encoding).
///
/// Other members are tolerated, as in the client data itself (§5.8.1.2). With the status `supported` or
/// `not-supported` an `id` means nothing and is not read.
struct TokenBinding: Sendable, Hashable {
    /// `status` (Level 2 §5.8.1 `TokenBindingStatus`; Level 1 §5.10.1).
    enum Status: String, Sendable, Hashable {
        /// Token Binding was used with the relying party; `id` names the binding.
        case present
        /// The client supports Token Binding but did not negotiate it with the relying party.
        case supported
        /// The client does not support Token Binding (Level 1 only; Level 2 dropped it).
        case notSupported = "not-supported"
    }

    /// The client's statement about Token Binding.
    let status: Status
    /// The decoded Token Binding ID, present exactly when ``status`` is ``Status/present``.
    let id: [UInt8]?

    /// Reads the member's value, the JSON object that `bytes` hold (from `{` to `}`), already validated as JSON.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedClientData`` for the values the type's documentation lists, with a
    ///   message naming the problem (never the client's text).
    init(jsonObject bytes: UnsafeBufferPointer<UInt8>) throws(WebAuthnError) {
        let members: [(name: String, value: JSONObjectReader.Value)]
        do throws(JSONObjectReader.Failure) {
            members = try JSONObjectReader.members(of: bytes, decoding: ["status", "id"])
        } catch {
            throw WebAuthnError(.malformedClientData, "clientDataJSON member \"tokenBinding\" is not a JSON object")
        }
        if let duplicate = CollectedClientData.firstDuplicateName(members.map(\.name)) {
            throw WebAuthnError(
                .malformedClientData,
                "clientDataJSON member \"tokenBinding\" has more than one \"\(duplicate)\" member"
            )
        }
        var statusText: String?
        var idText: String?
        var idIsString = true
        for member in members {
            switch (member.name, member.value) {
            case ("status", .string(let value)): statusText = value
            case ("status", _):
                throw WebAuthnError(.malformedClientData, "clientDataJSON tokenBinding.status is not a string")
            case ("id", .string(let value)): idText = value
            case ("id", _): idIsString = false
            default: break
            }
        }
        guard let statusText else {
            throw WebAuthnError(.malformedClientData, "clientDataJSON tokenBinding has no \"status\" member")
        }
        guard let status = Status(rawValue: statusText) else {
            throw WebAuthnError(
                .malformedClientData,
                "clientDataJSON tokenBinding.status is not \"present\", \"supported\" or \"not-supported\""
                    + " (\(statusText.utf8.count) bytes)"
            )
        }
        self.status = status
        guard status == .present else {
            self.id = nil
            return
        }
        guard idIsString else {
            throw WebAuthnError(.malformedClientData, "clientDataJSON tokenBinding.id is not a string")
        }
        guard let idText else {
            throw WebAuthnError(
                .malformedClientData,
                "clientDataJSON tokenBinding has the status \"present\" but no \"id\" member"
            )
        }
        guard let id = StrictBase64URL.decode(idText) else {
            throw WebAuthnError(
                .malformedClientData,
                "clientDataJSON tokenBinding.id is not non-empty base64url without padding"
                    + " (\(idText.utf8.count) bytes)"
            )
        }
        self.id = id
    }
}
