import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `clientDataJSON.tokenBinding` (WebAuthn Level 2 §5.8.1, Level 1 §5.10.1, reserved in Level 3): a well-formed
/// value is accepted and unused, anything else is `malformedClientData`, in the parser and in both ceremonies of
/// a relying party (the FIDO server tests Resp-2 F-15…F-17 for registration and sign-in).
@Suite struct TokenBindingTests {
    /// A value of `tokenBinding` that must be refused, and a word its message must contain.
    struct Refused: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let messageContains: String
        var testDescription: String { name }
    }

    static let refused: [Refused] = [
        Refused(name: "a string", json: #""present""#, messageContains: "not a JSON object"),
        Refused(name: "an array", json: #"[{"status":"supported"}]"#, messageContains: "not a JSON object"),
        Refused(name: "null", json: "null", messageContains: "not a JSON object"),
        Refused(name: "a boolean", json: "true", messageContains: "not a JSON object"),
        Refused(name: "no status", json: #"{"id":"AQID"}"#, messageContains: "no \"status\""),
        Refused(name: "an empty object", json: "{}", messageContains: "no \"status\""),
        Refused(name: "a status that is a number", json: #"{"status":1}"#, messageContains: "status is not a string"),
        Refused(name: "a status that is null", json: #"{"status":null}"#, messageContains: "status is not a string"),
        Refused(name: "an unknown status", json: #"{"status":"bound"}"#, messageContains: "\"not-supported\""),
        Refused(name: "a status in capitals", json: #"{"status":"Present","id":"AQID"}"#, messageContains: "status"),
        Refused(name: "an empty status", json: #"{"status":""}"#, messageContains: "status is not"),
        Refused(name: "present without id", json: #"{"status":"present"}"#, messageContains: "no \"id\""),
        Refused(name: "present with a null id", json: #"{"status":"present","id":null}"#, messageContains: "id is not"),
        Refused(name: "present with a numeric id", json: #"{"status":"present","id":7}"#, messageContains: "id is not"),
        Refused(name: "present with an empty id", json: #"{"status":"present","id":""}"#, messageContains: "base64url"),
        Refused(
            name: "present with an id in standard base64",
            json: #"{"status":"present","id":"ab+/"}"#,
            messageContains: "base64url"
        ),
        Refused(
            name: "present with a padded id",
            json: #"{"status":"present","id":"AQI="}"#,
            messageContains: "base64url"
        ),
        Refused(
            name: "present with an id of impossible length",
            json: #"{"status":"present","id":"AQIDB"}"#,
            messageContains: "base64url"
        ),
        Refused(
            name: "present with an id holding a space",
            json: #"{"status":"present","id":"AQ ID"}"#,
            messageContains: "base64url"
        ),
        Refused(
            name: "a duplicated status",
            json: #"{"status":"supported","status":"present"}"#,
            messageContains: "more than one \"status\""
        ),
    ]

    static let accepted: [String] = [
        #"{"status":"present","id":"AQIDBA"}"#,
        #"{"status":"present","id":"-_8"}"#,
        #"{"status":"supported"}"#,
        #"{"status":"not-supported"}"#,
        #"{"id":"AQIDBA","status":"present","extra":[1,{"status":"x"}]}"#,
        #"{"status":"supported","id":null}"#,
        #"{"status":"not-supported","id":"not base64url!"}"#,
    ]

    private static func clientData(tokenBinding json: String) -> [UInt8] {
        Array(#"{"type":"webauthn.get","challenge":"c","origin":"https://example.com","tokenBinding":\#(json)}"#.utf8)
    }

    @Test(arguments: refused)
    func theParserRefusesAMalformedTokenBindingNamingTheProblem(_ value: Refused) {
        do {
            _ = try CollectedClientData(jsonBytes: Self.clientData(tokenBinding: value.json))
            Issue.record("tokenBinding \(value.json) was accepted")
        } catch {
            #expect(error.code == .malformedClientData)
            #expect(error.message.contains("tokenBinding"))
            #expect(error.message.contains(value.messageContains), "\(error.message)")
        }
    }

    @Test(arguments: accepted)
    func theParserAcceptsAWellFormedTokenBinding(_ json: String) throws {
        let bytes = Self.clientData(tokenBinding: json)
        let clientData = try CollectedClientData(jsonBytes: bytes)
        #expect(clientData.origin == "https://example.com")
        #expect(clientData.jsonBytes == bytes)
    }

    @Test func aByteOrderMarkDoesNotShiftTheTokenBindingRead() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Self.clientData(tokenBinding: #"{"status":"present","id":"AQID"}"#)
        #expect(try CollectedClientData(jsonBytes: bytes).type == "webauthn.get")
        let refused: [UInt8] = [0xEF, 0xBB, 0xBF] + Self.clientData(tokenBinding: #"{"status":"present"}"#)
        #expect(throws: WebAuthnError(.malformedClientData, "")) { try CollectedClientData(jsonBytes: refused) }
    }

    @Test func theMessageNeverRepeatsTheClientsText() {
        let json = #"{"status":"present\nERROR forged log line","id":"AQID"}"#
        do {
            _ = try CollectedClientData(jsonBytes: Self.clientData(tokenBinding: json))
            Issue.record("an unknown status was accepted")
        } catch {
            #expect(error.code == .malformedClientData)
            #expect(!error.message.contains("forged"))
            #expect(!error.message.contains("\n"))
        }
    }

    /// The outcome of a registration on a relying party whose virtual client adds `tokenBinding` to the client
    /// data, then of a sign-in with the passkey registered without it; `nil` when a ceremony succeeded.
    private static func ceremonyCodes(
        tokenBinding json: String
    ) async throws -> (registration: WebAuthnError.Code?, authentication: WebAuthnError.Code?) {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        authenticator.extraClientDataMembers = [.init(name: "tokenBinding", rawJSON: json)]
        let registrationCode = await Self.code {
            let registration = try authenticator.register(options: try await relyingParty.beginRegistration(for: alice))
            _ = try await relyingParty.finishRegistration(json: registration.jsonBytes)
        }

        var registered = VirtualAuthenticator()
        let registration = try registered.register(options: try await relyingParty.beginRegistration(for: bob))
        _ = try await relyingParty.finishRegistration(json: registration.jsonBytes)
        registered.extraClientDataMembers = [.init(name: "tokenBinding", rawJSON: json)]
        let authenticationCode = await Self.code {
            let assertion = try registered.authenticate(
                options: try await relyingParty.beginAuthentication(for: bob.id))
            _ = try await relyingParty.finishAuthentication(json: assertion.jsonBytes)
        }
        return (registrationCode, authenticationCode)
    }

    private static func code(_ body: () async throws -> Void) async -> WebAuthnError.Code? {
        do {
            try await body()
            return nil
        } catch let error as WebAuthnError {
            return error.code
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test(arguments: refused)
    func registrationAndSignInRefuseAMalformedTokenBinding(_ value: Refused) async throws {
        let codes = try await Self.ceremonyCodes(tokenBinding: value.json)
        #expect(codes.registration == .malformedClientData)
        #expect(codes.authentication == .malformedClientData)
    }

    @Test(arguments: accepted)
    func registrationAndSignInAcceptAWellFormedTokenBinding(_ json: String) async throws {
        let codes = try await Self.ceremonyCodes(tokenBinding: json)
        #expect(codes.registration == nil)
        #expect(codes.authentication == nil)
    }
}
