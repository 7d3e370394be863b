import PasskeyVerifier
import Testing

@Suite struct WebAuthnErrorTests {
    @Test func codesRoundTripThroughTheirStableNames() {
        for code in WebAuthnError.Code.allCodes {
            #expect(WebAuthnError.Code(name: code.name) == code)
        }
        #expect(WebAuthnError.Code(name: "notACode") == nil)
        #expect(WebAuthnError.Code.allCodes.count == 39)
        #expect(WebAuthnError.Code.allCodes[25] == .extensionMismatch)
        #expect(WebAuthnError.Code.allCodes[38] == .identityTokenNonceMismatch)
        #expect(WebAuthnError.Code.allCodes.last == .identityTokenNonceMismatch)
        #expect(
            Array(WebAuthnError.Code.allCodes[26..<31]) == [
                .invalidMetadata, .staleMetadata, .metadataRollback, .authenticatorStatusRejected,
                .uncertifiedAuthenticator,
            ])
    }

    @Test func errorsCompareByCodeOnly() {
        let first = WebAuthnError(.invalidSignature, "one message")
        let second = WebAuthnError(.invalidSignature, "another message")
        #expect(first == second)
        #expect(first != WebAuthnError(.challengeMismatch, "one message"))
        #expect(first.description == "invalidSignature: one message")
    }
}
