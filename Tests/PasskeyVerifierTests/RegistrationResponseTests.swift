import PasskeyVerifier
import Testing

@Suite struct RegistrationResponseTests {
    static let credentialID = ModelTestVectors.bytes(hex: ModelTestVectors.noneES256CredentialID)
    static let clientDataJSON = ModelTestVectors.bytes(hex: ModelTestVectors.noneES256RegistrationClientDataJSON)
    static let attestationObject = ModelTestVectors.bytes(hex: ModelTestVectors.noneES256AttestationObject)

    /// A `RegistrationResponseJSON` document for the W3C none-es256 vector, as a browser sends it.
    static func document(
        id: String = Base64URL.encode(credentialID),
        rawId: String = Base64URL.encode(credentialID),
        type: String = "public-key",
        extraResponseMembers: String = "",
        extraMembers: String = ""
    ) -> [UInt8] {
        let text = """
            {"id":"\(id)","rawId":"\(rawId)","type":"\(type)",\
            "response":{"clientDataJSON":"\(Base64URL.encode(clientDataJSON))",\
            "attestationObject":"\(Base64URL.encode(attestationObject))",\
            "transports":["internal","hybrid","future-transport"]\(extraResponseMembers)},\
            "authenticatorAttachment":"platform",\
            "clientExtensionResults":{"credProps":{"rk":true},"prf":{"enabled":false},"unknownExtension":{"a":[1]}}\
            \(extraMembers)}
            """
        return Array(text.utf8)
    }

    private static let malformed = WebAuthnError(.malformedInput, "")

    @Test func decodesTheW3CNoneES256Registration() throws {
        let response = try RegistrationResponse(json: Self.document())
        #expect(response.credentialID == Self.credentialID)
        #expect(response.clientDataJSON == Self.clientDataJSON)
        #expect(response.attestationObject == Self.attestationObject)
        #expect(response.transports == ["internal", "hybrid", "future-transport"])
        #expect(response.authenticatorAttachment == "platform")
        #expect(response.clientExtensionResults?.credProps?.rk == true)
        #expect(response.clientExtensionResults?.prf?.enabled == false)
        #expect(response.clientExtensionResults?.appid == nil)
    }

    @Test func acceptsTheConvenienceCopiesOfTheResponse() throws {
        let extra = #","authenticatorData":"AAAA","publicKey":"MFkw","publicKeyAlgorithm":-7"#
        let response = try RegistrationResponse(json: Self.document(extraResponseMembers: extra))
        #expect(response.credentialID == Self.credentialID)
    }

    @Test func acceptsAnIDInPaddedStandardBase64AgainstAURLRawID() throws {
        let response = try RegistrationResponse(json: Self.document(id: Base64URL.encodeStandard(Self.credentialID)))
        #expect(response.credentialID == Self.credentialID)
    }

    @Test func acceptsBinaryMembersInStandardBase64FromNativeApps() throws {
        let json = RegistrationResponseJSON(
            id: Base64URL.encodeStandard(Self.credentialID),
            rawId: Base64URL.encodeStandard(Self.credentialID),
            response: AuthenticatorAttestationResponseJSON(
                clientDataJSON: Base64URL.encodeStandard(Self.clientDataJSON),
                attestationObject: Base64URL.encodeStandard(Self.attestationObject)
            )
        )
        let response = try RegistrationResponse(json)
        #expect(response.attestationObject == Self.attestationObject)
        #expect(response.transports.isEmpty)
        #expect(response.clientExtensionResults == nil)
    }

    @Test func rejectsAnIDThatDoesNotMatchRawID() {
        var other = Self.credentialID
        other[0] ^= 1
        do {
            _ = try RegistrationResponse(json: Self.document(id: Base64URL.encode(other)))
            Issue.record("a mismatched id was accepted")
        } catch {
            #expect(error.code == .malformedInput)
            #expect(error.message == "id does not match rawId")
        }
    }

    @Test func rejectsAWrongCredentialType() {
        #expect(throws: Self.malformed) { try RegistrationResponse(json: Self.document(type: "public-key ")) }
        #expect(throws: Self.malformed) { try RegistrationResponse(json: Self.document(type: "password")) }
    }

    @Test func rejectsAnEmptyRawID() {
        #expect(throws: Self.malformed) { try RegistrationResponse(json: Self.document(id: "", rawId: "")) }
    }

    @Test(arguments: [
        ("id", #"{"rawId":"AA","type":"public-key","response":{"clientDataJSON":"","attestationObject":""}}"#),
        ("rawId", #"{"id":"AA","type":"public-key","response":{"clientDataJSON":"","attestationObject":""}}"#),
        ("response", #"{"id":"AA","rawId":"AA","type":"public-key"}"#),
        ("response.attestationObject", #"{"id":"","rawId":"","type":"","response":{"clientDataJSON":""}}"#),
        ("response.clientDataJSON", #"{"id":"","rawId":"","type":"","response":{"attestationObject":""}}"#),
    ])
    func namesTheMissingField(field: String, text: String) {
        do {
            _ = try RegistrationResponse(json: Array(text.utf8))
            Issue.record("a response without \(field) was accepted")
        } catch {
            #expect(error.code == .malformedInput)
            #expect(error.message == "registration response is missing \(field)")
        }
    }

    @Test func namesTheMistypedField() {
        let document = Self.document(extraResponseMembers: #","publicKeyAlgorithm":"ES256""#)
        do {
            _ = try RegistrationResponse(json: document)
            Issue.record("a string publicKeyAlgorithm was accepted")
        } catch {
            #expect(error.code == .malformedInput)
            #expect(error.message.contains("response.publicKeyAlgorithm"))
        }
    }

    @Test func namesAMistypedArrayElement() {
        let text = """
            {"id":"AA","rawId":"AA","type":"public-key",\
            "response":{"clientDataJSON":"","attestationObject":"","transports":["usb",7]}}
            """
        do {
            _ = try RegistrationResponse(json: Array(text.utf8))
            Issue.record("a numeric transport was accepted")
        } catch {
            #expect(error.message.contains("response.transports[1]"))
        }
    }

    @Test func namesTheFieldThatIsNotBase64() {
        let json = RegistrationResponseJSON(
            id: "AA",
            rawId: "AA",
            response: AuthenticatorAttestationResponseJSON(clientDataJSON: "e30", attestationObject: "o2N#")
        )
        do {
            _ = try RegistrationResponse(json)
            Issue.record("an invalid attestationObject was accepted")
        } catch {
            #expect(error.code == .malformedInput)
            #expect(error.message.contains("response.attestationObject"))
        }
    }

    @Test(arguments: ["", "[]", "{", "null", #"{"id":"AA"} x"#, "\u{FEFF}"])
    func rejectsTextThatIsNotAResponseObject(text: String) {
        #expect(throws: Self.malformed) { try RegistrationResponse(json: Array(text.utf8)) }
    }

    @Test func rejectsAMistypedExtensionOutput() {
        let text = """
            {"id":"AA","rawId":"AA","type":"public-key","response":{"clientDataJSON":"","attestationObject":""},\
            "clientExtensionResults":{"credProps":{"rk":"yes"}}}
            """
        #expect(throws: Self.malformed) { try RegistrationResponse(json: Array(text.utf8)) }
    }

    @Test func rejectsJSONOverTheSizeLimit() {
        let padding = String(repeating: " ", count: 1_048_577)
        #expect(throws: Self.malformed) { try RegistrationResponse(json: Array(padding.utf8) + Self.document()) }
    }

    @Test func survivesDeeplyNestedUnknownMembers() {
        let depth = 500_000
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Self.malformed) {
            try RegistrationResponse(json: Self.document(extraMembers: #","x":"# + nested))
        }
    }

    @Test func keepsNativeValuesAsGiven() {
        let response = RegistrationResponse(
            credentialID: [1, 2, 3],
            clientDataJSON: [4],
            attestationObject: [5],
            transports: ["usb"],
            authenticatorAttachment: "cross-platform"
        )
        #expect(response.credentialID == [1, 2, 3])
        #expect(response.transports == ["usb"])
        #expect(response.authenticatorAttachment == "cross-platform")
    }

    @Test func keepsOnlySmallTransportNames() {
        let long = String(repeating: "a", count: 33)
        let reported = [
            "usb", "", "USB", long, "usb", "<script>", "hybrid", "smart-card", "a1", "b2", "c3", "d4", "e5", "f6",
        ]
        let response = RegistrationResponse(
            credentialID: [1],
            clientDataJSON: [2],
            attestationObject: [3],
            transports: reported
        )
        #expect(response.transports == ["usb", "hybrid", "smart-card", "a1", "b2", "c3", "d4", "e5"])
        #expect(String(repeating: "a", count: 32).utf8.count == 32)
        let longest = RegistrationResponse(
            credentialID: [1],
            clientDataJSON: [2],
            attestationObject: [3],
            transports: [String(repeating: "a", count: 32)]
        )
        #expect(longest.transports.count == 1)
    }
}
