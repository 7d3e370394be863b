#if Hummingbird
/// A successful options answer: ``CommonResponse``'s `status` and `errorMessage` followed by every member of
/// the options (WebAuthn Level 3 §5.4 `PublicKeyCredentialCreationOptionsJSON`, §5.5
/// `PublicKeyCredentialRequestOptionsJSON`) in one JSON object, as the conformance-test server API sends them.
package struct OptionsResponse<Options: Encodable & Sendable>: Encodable, Sendable {
    /// The options, whose members are written beside `status` and `errorMessage`.
    let options: Options

    /// The answer of `options`.
    package init(options: Options) {
        self.options = options
    }

    package func encode(to encoder: any Encoder) throws {
        try CommonResponse.ok.encode(to: encoder)
        try options.encode(to: encoder)
    }
}
#endif
