import PasskeyVerifier
import Testing

@Suite struct AuthenticationResponseTests {
    static let credentialID = ModelTestVectors.bytes(hex: ModelTestVectors.packedES256CredentialID)
    static let clientDataJSON = ModelTestVectors.bytes(hex: ModelTestVectors.packedES256AuthenticationClientDataJSON)
    static let authenticatorData = ModelTestVectors.bytes(
        hex: ModelTestVectors.packedES256AuthenticationAuthenticatorData
    )
    static let signature = ModelTestVectors.bytes(hex: ModelTestVectors.packedES256Signature)

    /// An `AuthenticationResponseJSON` document for the W3C packed-es256 vector, with `userHandleMember`
    /// spliced in (for example `,"userHandle":null`).
    static func document(userHandleMember: String = "", id: String = Base64URL.encode(credentialID)) -> [UInt8] {
        let text = """
            {"id":"\(id)","rawId":"\(Base64URL.encode(credentialID))","type":"public-key",\
            "response":{"clientDataJSON":"\(Base64URL.encode(clientDataJSON))",\
            "authenticatorData":"\(Base64URL.encode(authenticatorData))",\
            "signature":"\(Base64URL.encode(signature))"\(userHandleMember)},\
            "authenticatorAttachment":"cross-platform","clientExtensionResults":{}}
            """
        return Array(text.utf8)
    }

    private static let malformed = WebAuthnError(.malformedInput, "")

    @Test func decodesTheW3CPackedES256Assertion() throws {
        let response = try AuthenticationResponse(json: Self.document())
        #expect(response.credentialID == Self.credentialID)
        #expect(response.clientDataJSON == Self.clientDataJSON)
        #expect(response.authenticatorData == Self.authenticatorData)
        #expect(response.signature == Self.signature)
        #expect(response.userHandle == nil)
        #expect(response.authenticatorAttachment == "cross-platform")
        #expect(response.clientExtensionResults == AuthenticationExtensionsClientOutputsJSON())
    }

    @Test(arguments: ["", #","userHandle":null"#, #","userHandle":"""#])
    func readsAnAbsentNullOrEmptyUserHandleAsNil(member: String) throws {
        let response = try AuthenticationResponse(json: Self.document(userHandleMember: member))
        #expect(response.userHandle == nil)
    }

    @Test func decodesAUserHandle() throws {
        let response = try AuthenticationResponse(json: Self.document(userHandleMember: #","userHandle":"dXNlcg""#))
        #expect(response.userHandle == Array("user".utf8))
    }

    @Test func rejectsAUserHandleThatIsNotBase64() {
        do {
            _ = try AuthenticationResponse(json: Self.document(userHandleMember: #","userHandle":"u s""#))
            Issue.record("an invalid userHandle was accepted")
        } catch {
            #expect(error.code == .malformedInput)
        }
        do {
            _ = try AuthenticationResponse(json: Self.document(userHandleMember: #","userHandle":"u$er""#))
            Issue.record("an invalid userHandle was accepted")
        } catch {
            #expect(error.message.contains("response.userHandle"))
        }
    }

    @Test func rejectsAnIDThatDoesNotMatchRawID() {
        #expect(throws: Self.malformed) { try AuthenticationResponse(json: Self.document(id: "AAAA")) }
    }

    @Test func namesTheMissingSignature() {
        let text = #"{"id":"AA","rawId":"AA","type":"","response":{"clientDataJSON":"","authenticatorData":""}}"#
        do {
            _ = try AuthenticationResponse(json: Array(text.utf8))
            Issue.record("a response without signature was accepted")
        } catch {
            #expect(error.code == .malformedInput)
            #expect(error.message == "authentication response is missing response.signature")
        }
    }

    @Test func rejectsAWrongCredentialType() {
        let json = AuthenticationResponseJSON(
            id: "AA",
            rawId: "AA",
            type: "webauthn",
            response: AuthenticatorAssertionResponseJSON(clientDataJSON: "", authenticatorData: "", signature: "")
        )
        #expect(throws: Self.malformed) { try AuthenticationResponse(json) }
    }

    @Test func storesAnEmptyNativeUserHandleAsNil() {
        let response = AuthenticationResponse(
            credentialID: [1],
            clientDataJSON: [2],
            authenticatorData: [3],
            signature: [4],
            userHandle: []
        )
        #expect(response.userHandle == nil)
        #expect(response.signature == [4])
    }
}
