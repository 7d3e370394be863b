import Foundation
import PasskeySignInWithApple
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `AppleIdentityTokenVerifier` on tokens signed by a generated Apple stand-in: what verifies, and every rejection
/// pinned by its code, at fixed instants.
@Suite struct AppleIdentityTokenVerifierTests {
    static let issuer: AppleIdentityTokenIssuer? = try? AppleIdentityTokenIssuer(keyIdentifier: "W6WcOKB")
    static let otherIssuer: AppleIdentityTokenIssuer? = try? AppleIdentityTokenIssuer(keyIdentifier: "W6WcOKB")
    static let clientID = "com.example.app"
    static let rawNonce = "3q2+7wABAgMEBQYHCAkKCw"
    /// 2026-11-25T12:00:00Z.
    static let issuedAt = Date(timeIntervalSince1970: 1_795_089_600)
    /// Ten seconds after issue.
    static let instant = issuedAt.addingTimeInterval(10)

    /// The common codes the identity-token checks raise: each is pinned by a test below.
    static let identityTokenCodes: Set<WebAuthnError.Code> = [
        .identityTokenMalformed, .identityTokenKeyNotFound, .identityTokenSignatureInvalid,
        .identityTokenIssuerMismatch, .identityTokenAudienceMismatch, .identityTokenExpired,
        .identityTokenIssuedInFuture, .identityTokenNonceMismatch,
    ]

    func verifier(leeway: TimeInterval = AppleIdentityTokenVerifier.defaultLeeway) throws -> AppleIdentityTokenVerifier
    {
        let issuer = try #require(Self.issuer)
        return AppleIdentityTokenVerifier(
            clientIDs: ["com.example.web", Self.clientID], keySet: try issuer.keySet(), leeway: leeway)
    }

    func claims(
        audience: String = Self.clientID,
        rawNonce: String? = Self.rawNonce,
        issuedAt: Date = Self.issuedAt,
        issuer: String = AppleIdentityTokenVerifier.issuer,
        email: String? = "x7k2@privaterelay.appleid.com",
        flagsAsStrings: Bool = false
    ) -> String {
        AppleIdentityTokenIssuer.claimsJSON(
            subject: "001234.0123456789abcdef0123456789abcdef.1234", audience: audience, rawNonce: rawNonce,
            issuedAt: issuedAt, issuer: issuer, email: email, isEmailVerified: true, isPrivateEmail: true,
            realUserStatus: .likelyReal, flagsAsStrings: flagsAsStrings)
    }

    func token(_ claims: String, header: String? = nil, signature: [UInt8]? = nil) throws -> String {
        try #require(Self.issuer).identityToken(claims: claims, header: header, signature: signature)
    }

    func expectRejection(
        _ code: WebAuthnError.Code,
        _ token: String,
        rawNonce: String? = Self.rawNonce,
        at instant: Date = Self.instant,
        leeway: TimeInterval = AppleIdentityTokenVerifier.defaultLeeway,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let verifier = try verifier(leeway: leeway)
        let error = #expect(throws: WebAuthnError.self, sourceLocation: sourceLocation) {
            try verifier.verify(token, rawNonce: rawNonce, at: instant)
        }
        #expect(error?.code == code, "\(error?.description ?? "no error")", sourceLocation: sourceLocation)
    }

    // MARK: - Accepted

    @Test func aTokenOfAppleShapeVerifiesAndReturnsItsClaims() throws {
        let verified = try verifier().verify(try token(claims()), rawNonce: Self.rawNonce, at: Self.instant)
        #expect(verified.subject == "001234.0123456789abcdef0123456789abcdef.1234")
        #expect(verified.audience == Self.clientID)
        #expect(verified.issuedAt == Self.issuedAt)
        #expect(verified.expiresAt == Self.issuedAt.addingTimeInterval(600))
        #expect(verified.email == "x7k2@privaterelay.appleid.com")
        #expect(verified.isEmailVerified == true)
        #expect(verified.isPrivateEmail == true)
        #expect(verified.realUserStatus == .likelyReal)
        #expect(verified.keyIdentifier == "W6WcOKB")
        let hash = HashAlgorithm.sha256.hash(Array(Self.rawNonce.utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(verified.nonce == hash)
    }

    @Test func emailFlagsAreReadFromTheStringsAppleSendsToo() throws {
        let verified = try verifier().verify(
            try token(claims(flagsAsStrings: true)), rawNonce: Self.rawNonce, at: Self.instant)
        #expect(verified.isEmailVerified == true)
        #expect(verified.isPrivateEmail == true)
        let falseFlags = AppleIdentityTokenIssuer.claimsJSON(
            subject: "s", audience: Self.clientID, rawNonce: Self.rawNonce, issuedAt: Self.issuedAt,
            email: "a@example.com", isEmailVerified: false, isPrivateEmail: false, flagsAsStrings: true)
        let verifiedFalse = try verifier().verify(try token(falseFlags), rawNonce: Self.rawNonce, at: Self.instant)
        #expect(verifiedFalse.isEmailVerified == false)
        #expect(verifiedFalse.isPrivateEmail == false)
        #expect(verifiedFalse.realUserStatus == nil)
    }

    @Test func absentOptionalClaimsAreNil() throws {
        let minimal = AppleIdentityTokenIssuer.claimsJSON(
            subject: "s", audience: Self.clientID, rawNonce: Self.rawNonce, issuedAt: Self.issuedAt)
        let verified = try verifier().verify(try token(minimal), rawNonce: Self.rawNonce, at: Self.instant)
        #expect(verified.email == nil)
        #expect(verified.isEmailVerified == nil)
        #expect(verified.isPrivateEmail == nil)
    }

    @Test func anAudienceArrayNamingOneClientIDIsAccepted() throws {
        let claims = claims().replacingOccurrences(
            of: #""aud":"com.example.app""#, with: #""aud":["com.other.app","com.example.app"]"#)
        let verified = try verifier().verify(try token(claims), rawNonce: Self.rawNonce, at: Self.instant)
        #expect(verified.audience == Self.clientID)
    }

    @Test func theTypHeaderJWTIsAccepted() throws {
        let header = #"{"kid":"W6WcOKB","alg":"RS256","typ":"JWT"}"#
        let verified = try verifier().verify(
            try token(claims(), header: header), rawNonce: Self.rawNonce, at: Self.instant)
        #expect(verified.keyIdentifier == "W6WcOKB")
    }

    @Test func withoutARawNonceTheNonceIsNotChecked() throws {
        let verified = try verifier().verify(try token(claims(rawNonce: nil)), rawNonce: nil, at: Self.instant)
        #expect(verified.subject.hasPrefix("001234."))
    }

    // MARK: - Lifetime and leeway

    @Test func expiryHonoursTheLeewayToTheSecond() throws {
        let expiry = Self.issuedAt.addingTimeInterval(600)
        let good = try token(claims())
        #expect(throws: Never.self) {
            try self.verifier().verify(good, rawNonce: Self.rawNonce, at: expiry.addingTimeInterval(59))
        }
        try expectRejection(.identityTokenExpired, good, at: expiry.addingTimeInterval(60))
        try expectRejection(.identityTokenExpired, good, at: expiry, leeway: 0)
        #expect(throws: Never.self) {
            try self.verifier(leeway: 0).verify(good, rawNonce: Self.rawNonce, at: expiry.addingTimeInterval(-1))
        }
    }

    @Test func aTokenIssuedInTheFutureIsRejectedBeyondTheLeeway() throws {
        let future = try token(claims(issuedAt: Self.instant.addingTimeInterval(61)))
        try expectRejection(.identityTokenIssuedInFuture, future)
        let withinLeeway = try token(claims(issuedAt: Self.instant.addingTimeInterval(60)))
        #expect(throws: Never.self) {
            try self.verifier().verify(withinLeeway, rawNonce: Self.rawNonce, at: Self.instant)
        }
        try expectRejection(.identityTokenIssuedInFuture, withinLeeway, leeway: 0)
    }

    // MARK: - Rejections, one per code

    @Test func anotherIssuerIsRejected() throws {
        try expectRejection(.identityTokenIssuerMismatch, try token(claims(issuer: "https://appleid.apple.com/")))
        try expectRejection(.identityTokenIssuerMismatch, try token(claims(issuer: "https://evil.example")))
    }

    @Test func anotherAudienceIsRejected() throws {
        try expectRejection(.identityTokenAudienceMismatch, try token(claims(audience: "com.example.other")))
        let noClientIDs = AppleIdentityTokenVerifier(clientIDs: [], keySet: try #require(Self.issuer).keySet())
        #expect(throws: WebAuthnError(.identityTokenAudienceMismatch, "")) {
            try noClientIDs.verify(try self.token(self.claims()), rawNonce: Self.rawNonce, at: Self.instant)
        }
    }

    @Test func aWrongMissingOrUppercaseNonceIsRejected() throws {
        let good = try token(claims())
        try expectRejection(.identityTokenNonceMismatch, good, rawNonce: "another raw nonce")
        try expectRejection(.identityTokenNonceMismatch, good, rawNonce: "")
        try expectRejection(.identityTokenNonceMismatch, good, rawNonce: String(repeating: "n", count: 1025))
        try expectRejection(.identityTokenNonceMismatch, try token(claims(rawNonce: nil)))
        let hash = HashAlgorithm.sha256.hash(Array(Self.rawNonce.utf8))
        let upper = hash.map { String(format: "%02X", $0) }.joined()
        let lower = upper.lowercased()
        let uppercased = try token(claims().replacingOccurrences(of: lower, with: upper))
        try expectRejection(.identityTokenNonceMismatch, uppercased)
        // The raw nonce itself in the token (the app forgot to hash it) is not accepted either.
        let unhashed = try token(claims().replacingOccurrences(of: lower, with: Self.rawNonce))
        try expectRejection(.identityTokenNonceMismatch, unhashed)
    }

    @Test func aChangedPayloadOrAnotherKeysSignatureIsRejected() throws {
        let good = try token(claims())
        let parts = good.split(separator: ".").map(String.init)
        let otherSubject = Base64URL.encode(Array(claims().replacingOccurrences(of: "001234.", with: "009999.").utf8))
        try expectRejection(.identityTokenSignatureInvalid, [parts[0], otherSubject, parts[2]].joined(separator: "."))
        let forged = try #require(Self.otherIssuer).identityToken(claims: claims())
        try expectRejection(.identityTokenSignatureInvalid, forged)
        try expectRejection(
            .identityTokenSignatureInvalid, try token(claims(), signature: [UInt8](repeating: 1, count: 256)))
        try expectRejection(.identityTokenSignatureInvalid, try token(claims(), signature: [0x00]))
    }

    @Test func anUnknownOrMissingKidIsRejected() throws {
        try expectRejection(
            .identityTokenKeyNotFound, try token(claims(), header: #"{"kid":"YuyXoY","alg":"RS256"}"#))
        try expectRejection(.identityTokenMalformed, try token(claims(), header: #"{"alg":"RS256"}"#))
        try expectRejection(.identityTokenMalformed, try token(claims(), header: #"{"kid":7,"alg":"RS256"}"#))
    }

    @Test func everyAlgorithmButRS256IsRejected() throws {
        for alg in ["none", "HS256", "RS384", "RS512", "PS256", "ES256", "rs256", ""] {
            let header = #"{"kid":"W6WcOKB","alg":"\#(alg)"}"#
            let signature: [UInt8] = alg == "ES256" ? [UInt8](repeating: 1, count: 64) : [1, 2, 3]
            try expectRejection(.unsupportedAlgorithm, try token(claims(), header: header, signature: signature))
        }
        // alg none with an empty signature part is not even a three-part JWS with a signature.
        let unsigned = try token(claims(), header: #"{"kid":"W6WcOKB","alg":"none"}"#).split(separator: ".")
        try expectRejection(.identityTokenMalformed, unsigned[0] + "." + unsigned[1] + ".")
    }

    @Test func malformedTokensAreRejectedWithTheirOwnCode() throws {
        let good = try token(claims())
        let parts = good.split(separator: ".").map(String.init)
        let malformed = [
            "", "a.b", parts[0] + "." + parts[1], good + ".x", parts[0] + "=." + parts[1] + "." + parts[2],
            parts[0] + "." + parts[1] + "." + parts[2] + "+", String(repeating: "a", count: 8193),
            try token(claims(), header: #"{"kid":"W6WcOKB","alg":"RS256","typ":"JWS"}"#),
            try token(claims(), header: #"{"kid":"W6WcOKB","alg":"RS256","crit":["exp"]}"#),
            try token(claims(), header: #"{"kid":"W6WcOKB","alg":"RS256","alg":"RS256"}"#),
            try token(claims(), header: "[]"),
        ]
        for text in malformed {
            try expectRejection(.identityTokenMalformed, text)
        }
    }

    @Test func malformedClaimsAreRejectedAfterTheSignature() throws {
        let base = claims()
        let exp = #""exp":\#(Int64(Self.issuedAt.timeIntervalSince1970) + 600)"#
        let variants = [
            "not json", "[]", "{}",
            base.replacingOccurrences(of: #""iss":"#, with: #""iss":1,"x":"#),
            base + "x",
            base.replacingOccurrences(of: exp, with: exp + "," + exp),
            base.replacingOccurrences(of: exp, with: exp + ".5"),
            base.replacingOccurrences(of: exp, with: #""exp":"1795090200""#),
            base.replacingOccurrences(of: exp, with: #""exp":-5"#),
            base.replacingOccurrences(of: exp, with: #""exp":99999999999999"#),
            base.replacingOccurrences(of: #""email_verified":true"#, with: #""email_verified":"yes""#),
            base.replacingOccurrences(of: #""email_verified":true"#, with: #""email_verified":1"#),
            base.replacingOccurrences(of: #""is_private_email":true"#, with: #""is_private_email":"TRUE""#),
            base.replacingOccurrences(of: #""real_user_status":2"#, with: #""real_user_status":7"#),
            base.replacingOccurrences(of: #""sub":"001234.0123456789abcdef0123456789abcdef.1234""#, with: #""sub":"""#),
            base.replacingOccurrences(
                of: #""sub":"001234.0123456789abcdef0123456789abcdef.1234""#,
                with: #""sub":"\#(String(repeating: "s", count: 256))""#),
            base.replacingOccurrences(of: #""aud":"com.example.app""#, with: #""aud":[]"#),
            base.replacingOccurrences(of: #""aud":"com.example.app""#, with: #""aud":[1]"#),
            base.replacingOccurrences(of: #""nonce":"#, with: #""nonce":1,"n":"#),
        ]
        for claims in variants {
            try expectRejection(.identityTokenMalformed, try token(claims))
        }
    }

    @Test func theCodesAreStableAndInTheContract() {
        #expect(Self.identityTokenCodes.isSubset(of: Set(WebAuthnError.Code.allCodes)))
        #expect(Set(Self.identityTokenCodes.map(\.name)).count == 8)
        #expect(WebAuthnError.Code(name: "identityTokenNonceMismatch") == .identityTokenNonceMismatch)
    }

    // MARK: - Review findings

    /// The hexadecimal SHA-256 of the test raw nonce, as `claims()` writes it.
    static var hashedNonce: String {
        HashAlgorithm.sha256.hash(Array(rawNonce.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    @Test func theNonceIsMatchedHashedExactlyOrNotAtAll() throws {
        let hashed = try token(claims())
        let verifier = try verifier()
        #expect(
            try verifier.verify(hashed, nonce: .sha256Hex(Self.rawNonce), at: Self.instant).nonce == Self.hashedNonce)
        #expect(
            try verifier.verify(hashed, nonce: .exact(Self.hashedNonce), at: Self.instant).nonce == Self.hashedNonce)
        #expect(try verifier.verify(hashed, nonce: .none, at: Self.instant).nonce == Self.hashedNonce)
        #expect(throws: WebAuthnError(.identityTokenNonceMismatch, "")) {
            try verifier.verify(hashed, nonce: .exact(Self.rawNonce), at: Self.instant)
        }
        let webFlow = try token(claims().replacingOccurrences(of: Self.hashedNonce, with: Self.rawNonce))
        #expect(try verifier.verify(webFlow, nonce: .exact(Self.rawNonce), at: Self.instant).nonce == Self.rawNonce)
        for wrong in [
            AppleIdentityTokenVerifier.NonceExpectation.exact(Self.rawNonce + "x"), .exact(""),
            .exact(String(repeating: "n", count: 1025)), .sha256Hex(Self.rawNonce),
        ] {
            #expect(throws: WebAuthnError(.identityTokenNonceMismatch, "")) {
                try verifier.verify(webFlow, nonce: wrong, at: Self.instant)
            }
        }
        #expect(throws: WebAuthnError(.identityTokenNonceMismatch, "")) {
            try verifier.verify(
                try self.token(self.claims(rawNonce: nil)), nonce: .exact(Self.rawNonce), at: Self.instant)
        }
    }

    @Test func hostPassedLeewaysAreClampedAndNeverTrap() throws {
        let issuer = try #require(Self.issuer)
        let make = { (leeway: TimeInterval) in
            AppleIdentityTokenVerifier(clientIDs: [Self.clientID], keySet: try issuer.keySet(), leeway: leeway)
        }
        #expect(try make(.nan).leeway == 0)
        #expect(try make(-.infinity).leeway == 0)
        #expect(try make(.infinity).leeway == AppleIdentityTokenVerifier.maximumLeeway)
        #expect(try make(1e300).leeway == AppleIdentityTokenVerifier.maximumLeeway)
        let good = try token(claims())
        let expiry = Self.issuedAt.addingTimeInterval(600)
        try expectRejection(.identityTokenExpired, good, at: expiry, leeway: .nan)
        try expectRejection(.identityTokenExpired, good, at: expiry.addingTimeInterval(600), leeway: .infinity)
        try expectRejection(
            .identityTokenExpired, good, at: expiry.addingTimeInterval(10 * 365 * 86_400), leeway: .infinity)
        #expect(throws: Never.self) {
            try make(.infinity).verify(good, rawNonce: Self.rawNonce, at: expiry.addingTimeInterval(599))
        }
    }

    @Test func instantsOutsideNumericDatesAreRejectedWithoutTrapping() throws {
        let good = try token(claims())
        for seconds in [Double.nan, .infinity, -.infinity, 1e19, -1e19, -1, 253_402_300_800] {
            try expectRejection(.malformedInput, good, at: Date(timeIntervalSince1970: seconds))
        }
    }

    @Test func typIsComparedIgnoringCaseWithOrWithoutApplication() throws {
        for typ in ["JWT", "jwt", "Jwt", "application/jwt", "APPLICATION/JWT"] {
            let header = #"{"kid":"W6WcOKB","alg":"RS256","typ":"\#(typ)"}"#
            #expect(throws: Never.self) {
                try self.verifier().verify(
                    try self.token(self.claims(), header: header), rawNonce: Self.rawNonce, at: Self.instant)
            }
        }
        for typ in ["JOSE", "application/jose", "jwt ", "text/jwt"] {
            try expectRejection(
                .identityTokenMalformed,
                try token(claims(), header: #"{"kid":"W6WcOKB","alg":"RS256","typ":"\#(typ)"}"#))
        }
    }

    @Test func numericDatesMustBeWholeSecondsWithoutFractionOrExponent() throws {
        let issued = Int64(Self.issuedAt.timeIntervalSince1970)
        let base = claims()
        for (name, value) in [("exp", issued + 600), ("iat", issued)] {
            for written in ["\(value).0", "\(Double(value) / 1e9)e9", "\(value)E0", "-0"] {
                let changed = base.replacingOccurrences(of: #""\#(name)":\#(value)"#, with: #""\#(name)":\#(written)"#)
                #expect(changed != base)
                try expectRejection(.identityTokenMalformed, try token(changed))
            }
        }
        let fractionalNotBefore = base.replacingOccurrences(of: #""sub""#, with: #""nbf":\#(issued).5,"sub""#)
        try expectRejection(.identityTokenMalformed, try token(fractionalNotBefore))
    }

    @Test func notBeforeIsCheckedWithTheLeeway() throws {
        let issued = Int64(Self.issuedAt.timeIntervalSince1970)
        let now = Int64(Self.instant.timeIntervalSince1970)
        let future = claims().replacingOccurrences(of: #""sub""#, with: #""nbf":\#(now + 61),"sub""#)
        try expectRejection(.identityTokenIssuedInFuture, try token(future))
        let withinLeeway = claims().replacingOccurrences(of: #""sub""#, with: #""nbf":\#(now + 60),"sub""#)
        #expect(throws: Never.self) {
            try self.verifier().verify(try self.token(withinLeeway), rawNonce: Self.rawNonce, at: Self.instant)
        }
        try expectRejection(.identityTokenIssuedInFuture, try token(withinLeeway), leeway: 0)
        let past = claims().replacingOccurrences(of: #""sub""#, with: #""nbf":\#(issued),"sub""#)
        #expect(throws: Never.self) {
            try self.verifier(leeway: 0).verify(try self.token(past), rawNonce: Self.rawNonce, at: Self.instant)
        }
    }

    @Test func theAudienceMessageNamesTheTokensAudienceNotTheConfiguredOnes() throws {
        let error = #expect(throws: WebAuthnError.self) {
            try self.verifier().verify(
                try self.token(self.claims(audience: "com.attacker.app")), rawNonce: Self.rawNonce, at: Self.instant)
        }
        #expect(error?.code == .identityTokenAudienceMismatch)
        #expect(error?.message.contains("com.attacker.app") == true)
        #expect(error?.message.contains("com.example.web") == false)
        #expect(error?.message.contains(Self.clientID) == false)
    }
}
