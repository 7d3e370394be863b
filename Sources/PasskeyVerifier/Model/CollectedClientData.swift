import PasskeyCrypto

/// The client data a client collected for a ceremony, parsed from `clientDataJSON`
/// (WebAuthn Level 3 §5.8.1; serialization §5.8.1.1; limited verification §5.8.1.2).
///
/// The exact received bytes are kept in ``jsonBytes``: signatures cover their SHA-256
/// (``hash``), never a re-serialization. Parsing follows §5.8.1.2: the members may come in any
/// order and unknown members (such as the W3C test vectors' `extraData`) are tolerated.
///
/// Rejected with ``WebAuthnError/Code/malformedClientData``:
/// - empty bytes (some third-party passkey providers on older iOS versions sent an empty
///   `clientDataJSON`);
/// - more than ``maximumLength`` bytes;
/// - bytes that are not UTF-8 (a leading UTF-8 byte order mark is skipped for parsing only);
/// - anything but one JSON object (RFC 8259, validated throughout, arrays and objects nested at most
///   512 deep);
/// - `type`, `challenge` or `origin` missing or not a string;
/// - `crossOrigin` present but not a boolean (`null` included), `topOrigin` present but not a string;
/// - `tokenBinding` present but not of the shape WebAuthn Levels 1 and 2 gave it (§5.8.1 of Level 2): not an
///   object, without a `status` of `present`, `supported` or `not-supported`, or `present` without a base64url
///   `id`. A well-formed one is accepted and not used: Level 3 reserves the member and no client negotiates Token
///   Binding any more;
/// - a member name that occurs twice (`JSONDecoder` would keep the first, JavaScript the last).
public struct CollectedClientData: Sendable, Hashable {
    /// The largest `clientDataJSON` accepted, 64 KiB. Browsers send a few hundred bytes.
    public static let maximumLength = 65_536

    /// The bytes exactly as received; hash these (§5.8.1, §7.1 `#sctn-registering-a-new-credential` step "hash",
    /// §7.2 `#sctn-verifying-assertion` step "hash").
    public let jsonBytes: [UInt8]
    /// `type`: `webauthn.create` or `webauthn.get` (§5.8.1).
    public let type: String
    /// `challenge`: the base64url encoding of the challenge the relying party issued (§5.8.1).
    public let challenge: String
    /// `origin`: the fully qualified origin of the requester (§5.8.1).
    public let origin: String
    /// `crossOrigin`: whether the ceremony ran in a cross-origin iframe, when the client said (§5.8.1).
    public let crossOrigin: Bool?
    /// `topOrigin`: the top-level origin, present only for cross-origin ceremonies (§5.8.1).
    public let topOrigin: String?
    /// SHA-256 of ``jsonBytes``, the `clientDataHash` (§5.8.1, §6.3.2), computed once at init.
    public let hash: [UInt8]

    /// Parses `clientDataJSON` (§5.8.1.2).
    ///
    /// - Throws: ``WebAuthnError/Code/malformedClientData`` for the inputs the type's
    ///   documentation lists, with a message naming the problem.
    public init(jsonBytes: [UInt8]) throws(WebAuthnError) {
        guard !jsonBytes.isEmpty else {
            throw WebAuthnError(
                .malformedClientData,
                "clientDataJSON is empty (some third-party passkey providers on older iOS versions sent an empty one)"
            )
        }
        guard jsonBytes.count <= CollectedClientData.maximumLength else {
            throw WebAuthnError(
                .malformedClientData,
                "clientDataJSON is \(jsonBytes.count) bytes; at most \(CollectedClientData.maximumLength) are accepted"
            )
        }
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let skipped = jsonBytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        let members: [(name: String, value: JSONObjectReader.Value)]
        do {
            members = try jsonBytes.withUnsafeBufferPointer { buffer throws(WebAuthnError) in
                // Validating as a String is the standard library's fast path; the slow scan runs only to name
                // the offset of a failure.
                guard String(validating: buffer, as: UTF8.self) != nil else {
                    let offset = CollectedClientData.firstInvalidUTF8Offset(jsonBytes) ?? 0
                    throw WebAuthnError(.malformedClientData, "clientDataJSON is not valid UTF-8 (at byte \(offset))")
                }
                do throws(JSONObjectReader.Failure) {
                    return try JSONObjectReader.members(
                        of: UnsafeBufferPointer(rebasing: buffer[skipped...]),
                        decoding: CollectedClientData.memberNames
                    )
                } catch {
                    throw WebAuthnError(.malformedClientData, "clientDataJSON is not valid JSON: \(error.message)")
                }
            }
        }
        var type: String?
        var challenge: String?
        var origin: String?
        var crossOrigin: Bool?
        var topOrigin: String?
        if let duplicate = CollectedClientData.firstDuplicateName(members.map(\.name)) {
            throw WebAuthnError(.malformedClientData, "clientDataJSON has more than one \"\(duplicate)\" member")
        }
        for member in members {
            switch (member.name, member.value) {
            case ("type", .string(let value)): type = value
            case ("challenge", .string(let value)): challenge = value
            case ("origin", .string(let value)): origin = value
            case ("topOrigin", .string(let value)): topOrigin = value
            case ("crossOrigin", .boolean(let value)): crossOrigin = value
            case ("type", _), ("challenge", _), ("origin", _), ("topOrigin", _):
                throw WebAuthnError(.malformedClientData, "clientDataJSON member \"\(member.name)\" is not a string")
            case ("crossOrigin", _):
                throw WebAuthnError(.malformedClientData, "clientDataJSON member \"crossOrigin\" is not a boolean")
            case ("tokenBinding", .object(let range)):
                _ = try CollectedClientData.tokenBinding(in: jsonBytes, at: range, after: skipped)
            case ("tokenBinding", _):
                throw WebAuthnError(.malformedClientData, "clientDataJSON member \"tokenBinding\" is not a JSON object")
            default:
                break
            }
        }
        guard let type else {
            throw WebAuthnError(.malformedClientData, "clientDataJSON has no \"type\" member")
        }
        guard let challenge else {
            throw WebAuthnError(.malformedClientData, "clientDataJSON has no \"challenge\" member")
        }
        guard let origin else {
            throw WebAuthnError(.malformedClientData, "clientDataJSON has no \"origin\" member")
        }
        self.jsonBytes = jsonBytes
        self.type = type
        self.challenge = challenge
        self.origin = origin
        self.crossOrigin = crossOrigin
        self.topOrigin = topOrigin
        self.hash = HashAlgorithm.sha256.hash(jsonBytes)
    }

    /// The members this library reads; every other member is validated as JSON and ignored (`tokenBinding`, an
    /// object, is read from its bytes).
    private static let memberNames: Set<String> = ["type", "challenge", "origin", "crossOrigin", "topOrigin"]

    /// The `tokenBinding` object at `range` of the text after the first `skipped` bytes of `jsonBytes` (the range
    /// the whole-text pass found, past a byte order mark), checked by ``TokenBinding``.
    private static func tokenBinding(
        in jsonBytes: [UInt8],
        at range: Range<Int>,
        after skipped: Int
    ) throws(WebAuthnError) -> TokenBinding {
        try jsonBytes.withUnsafeBufferPointer { buffer throws(WebAuthnError) in
            let (start, startOverflow) = range.lowerBound.addingReportingOverflow(skipped)
            let (end, endOverflow) = range.upperBound.addingReportingOverflow(skipped)
            guard !startOverflow, !endOverflow, start >= 0, start <= end, end <= buffer.count else {
                throw WebAuthnError(.malformedClientData, "clientDataJSON member \"tokenBinding\" is not a JSON object")
            }
            return try TokenBinding(jsonObject: UnsafeBufferPointer(rebasing: buffer[start..<end]))
        }
    }

    /// The first name that occurs again, compared as Strings (canonical equivalence): a linear scan for the
    /// handful of members browsers send, a set beyond that so that no input makes the check quadratic.
    static func firstDuplicateName(_ names: [String]) -> String? {
        if names.count <= 16 {
            for (position, name) in names.enumerated() where names[..<position].contains(name) {
                return name
            }
            return nil
        }
        var seen = Set<String>()
        return names.first { !seen.insert($0).inserted }
    }

    /// The offset of the first byte that does not continue a valid UTF-8 sequence, or `nil`.
    private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }
}
