import PasskeyVerifier
import Testing

/// Every code a verifier (or response decoding) can produce is produced by at least one of the error-code
/// cases; the three facade codes need stored state and are tested through the facade, the identity-token codes in
/// `AppleIdentityTokenVerifierTests`, the metadata codes need a metadata BLOB and are tested in the Metadata…Tests.
@Suite struct ErrorCodeCoverageTests {
    static let allCases: [ErrorCase] =
        ErrorCodeInputTests.cases + ErrorCodeClientDataTests.cases + ErrorCodeAuthenticatorDataTests.cases
        + ErrorCodeCredentialTests.cases + ErrorCodeAttestationTests.cases

    /// The codes the verifiers can produce: every code but the facade's.
    static let verifierCodes = Set(WebAuthnError.Code.allCodes).subtracting(W3CVectors.facadeCodes)
        .subtracting(identityTokenCodes)
        .subtracting(metadataCodes)

    /// The codes of Sign in with Apple's identity tokens, each pinned by `AppleIdentityTokenVerifierTests`
    /// (PasskeySignInWithAppleTests); no WebAuthn verifier produces them.
    static let identityTokenCodes = Set(WebAuthnError.Code.allCodes.filter { $0.name.hasPrefix("identityToken") })

    /// The codes of FIDO metadata: loading a BLOB (MetadataBLOBTests) and the trust policy (MetadataTrustPolicyTests).
    static let metadataCodes: Set<WebAuthnError.Code> = [
        .invalidMetadata, .staleMetadata, .metadataRollback, .authenticatorStatusRejected, .uncertifiedAuthenticator,
    ]

    @Test func theCasesNameEveryVerifierCode() {
        let named = Set(Self.allCases.map(\.code))
        #expect(named == Self.verifierCodes, "missing: \(Self.verifierCodes.subtracting(named).map(\.name).sorted())")
        #expect(Self.verifierCodes.count == 23)
    }

    /// Runs every case again and collects the codes actually thrown: the coverage is what the verifiers do,
    /// not what the list says.
    @Test func theCasesProduceEveryVerifierCode() throws {
        var produced: Set<WebAuthnError.Code> = []
        for errorCase in Self.allCases {
            if let error = try errorCase.thrownError(), error.code == errorCase.code {
                produced.insert(error.code)
            }
        }
        #expect(
            produced == Self.verifierCodes,
            "not produced: \(Self.verifierCodes.subtracting(produced).map(\.name).sorted())")
    }

    @Test func caseNamesAreUnique() {
        let names = Self.allCases.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func theFacadeCodesAreStillCodes() {
        #expect(W3CVectors.facadeCodes.isSubset(of: Set(WebAuthnError.Code.allCodes)))
    }
}
