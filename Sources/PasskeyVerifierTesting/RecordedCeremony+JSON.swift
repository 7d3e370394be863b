import Foundation
import PasskeyVerifier

extension RecordedCeremony {
    /// Decodes a recording or a `passkey-verify batch` line (`Docs/RecordedCeremonies.md`).
    ///
    /// Unknown members are ignored; absent optional members stay `nil` and take their defaults when the
    /// ceremony is verified. The common shape of an authentication case is read without `JSONDecoder`
    /// (``commonAuthenticationCase(_:)``), with the same result.
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the bytes are empty, not JSON, not an object,
    ///   or a member is missing or of the wrong type; the message names the member (`response.rawId`).
    public init(json: [UInt8]) throws(WebAuthnError) {
        if let common = Self.commonAuthenticationCase(json) {
            self = common
            return
        }
        self = try Self.decodeJSON(RecordedCeremony.self, from: json, describing: "the ceremony")
    }

    /// Reads a recording from a file (`Docs/RecordedCeremonies.md`).
    /// - Throws: the file system's error when the file cannot be read, else as ``init(json:)``.
    public static func load(contentsOf url: URL) throws -> RecordedCeremony {
        let data = try Data(contentsOf: url)
        return try RecordedCeremony(json: Array(data))
    }

    /// The recording as deterministic JSON: sorted keys, indented, `/` unescaped, a trailing newline;
    /// the same recording always gives the same bytes.
    public func jsonEncoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
    }

    /// Writes ``jsonEncoded()`` to `url`, atomically, so a host can save a live ceremony as a fixture.
    public func write(to url: URL) throws {
        try Data(jsonEncoded()).write(to: url, options: .atomic)
    }

    /// Decodes `json` as `type`, turning every failure into ``WebAuthnError/Code/malformedInput`` with a message
    /// that names the member at fault. Callers bound the input (a batch line, a file).
    static func decodeJSON<Value: Decodable>(
        _ type: Value.Type,
        from json: [UInt8],
        describing subject: String
    ) throws(WebAuthnError) -> Value {
        try ResponseJSONDecoding.decode(type, from: json, describing: subject, maximumLength: .max)
    }
}

extension RecordedCeremony.Response {
    /// Decodes the body a client sent: the Level 3 JSON of a browser (WebAuthn Level 3 §5.1
    /// `RegistrationResponseJSON` or `AuthenticationResponseJSON` according to `kind`), or the native payload
    /// of an iOS or macOS app (``NativeRegistrationPayload``, ``NativeAssertionPayload``: standard base64
    /// members named after `ASAuthorizationPlatformPublicKeyCredential…`), which becomes the same Level 3
    /// JSON. Unknown members are ignored.
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the bytes are empty, not JSON, of neither shape,
    ///   or a member is missing or of the wrong type; the message names the member.
    public init(json: [UInt8], kind: RecordedCeremony.Kind) throws(WebAuthnError) {
        switch (
            kind,
            try ClientResponseShape.detect(json, ceremony: kind == .registration ? .registration : .authentication)
        ) {
        case (.registration, .level3):
            self = .registration(
                try RecordedCeremony.decodeJSON(
                    RegistrationResponseJSON.self, from: json, describing: "the registration response")
            )
        case (.registration, .native):
            self = .registration(try NativeRegistrationPayload(json: json).registrationResponseJSON)
        case (.authentication, .level3):
            self = .authentication(
                try RecordedCeremony.decodeJSON(
                    AuthenticationResponseJSON.self, from: json, describing: "the authentication response")
            )
        case (.authentication, .native):
            self = .authentication(try NativeAssertionPayload(json: json).authenticationResponseJSON)
        }
    }
}
