import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import Testing

/// The `android-safetynet` format (WebAuthn Level 3 §8.5): the JWS, its certificate, nonce,
/// integrity verdict and timestamp.
@Suite struct AndroidSafetyNetAttestationTests {
    typealias Vectors = AndroidSafetyNetTestVectors

    /// 2025-01-01T00:00:00Z, the `timestampMs` of the responses signed here.
    static let timestampMs: Int64 = 1_735_689_600_000
    static let instant = Date(timeIntervalSince1970: 1_735_689_610)

    let leafKey: PrivateKey
    let authenticatorData: AuthenticatorData
    /// Chosen so that the nonce's standard base64 contains `+` or `/`: the base64url-alphabet nonce case
    /// needs the two alphabets to differ (a precondition of `wrongNonceIsRejected`).
    let clientDataHash = HashAlgorithm.sha256.hash(Array("safetynet client data 1".utf8))
    let root: [Certificate]

    init() throws {
        leafKey = try AndroidAttestationTestSupport.privateKey(Vectors.leafScalar)
        let credential = try AndroidAttestationTestSupport.privateKey(AndroidKeyTestVectors.credentialScalar)
        authenticatorData = try AndroidAttestationTestSupport.authenticatorData(credentialKey: credential.coseKey)
        root = try AndroidAttestationTestSupport.certificates(pem: Vectors.rootPEM)
    }

    var nonce: String {
        Base64URL.encodeStandard(HashAlgorithm.sha256.hash(authenticatorData.rawBytes + clientDataHash))
    }

    func payload(
        nonce: String? = nil,
        timestampMs: Int64 = Self.timestampMs,
        ctsProfileMatch: Bool = true,
        basicIntegrity: Bool = true
    ) -> String {
        """
        {"nonce":"\(nonce ?? self.nonce)","timestampMs":\(timestampMs),"apkPackageName":"com.google.android.gms",\
        "ctsProfileMatch":\(ctsProfileMatch),"basicIntegrity":\(basicIntegrity)}
        """
    }

    func header(leaf: [UInt8] = Vectors.leaf, alg: String = "ES256") -> String {
        #"{"alg":"\#(alg)","x5c":["\#(Base64URL.encodeStandard(leaf))"]}"#
    }

    /// A compact JWS of `header` and `payload` signed ES256 with the attest.android.com leaf key.
    func jws(header: String? = nil, payload: String? = nil) throws -> String {
        let signingInput =
            Base64URL.encode(Array((header ?? self.header()).utf8)) + "."
            + Base64URL.encode(Array((payload ?? self.payload()).utf8))
        let der = try leafKey.sign(Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(try Self.rawSignature(fromDER: der))
    }

    func verify(
        response: String,
        version: CBORValue = .textString("20436031"),
        anchors: [Certificate]? = nil,
        policy: AndroidSafetyNetAttestation.Policy = .default,
        at instant: Date = instant
    ) throws -> AttestationResult {
        try verify(
            [("ver", version), ("response", .byteString(Array(response.utf8)))],
            anchors: anchors,
            policy: policy,
            at: instant
        )
    }

    func verify(
        _ statement: [(String, CBORValue)],
        anchors: [Certificate]? = nil,
        policy: AndroidSafetyNetAttestation.Policy = .default,
        at instant: Date = instant
    ) throws -> AttestationResult {
        let format = AndroidSafetyNetAttestation(trustAnchors: anchors ?? root, policy: policy)
        return try format.verify(
            AndroidAttestationTestSupport.input(
                statement,
                authenticatorData: authenticatorData,
                clientDataHash: clientDataHash,
                at: instant
            )
        )
    }

    func expectInvalid(
        _ response: String,
        mentioning fragment: String,
        policy: AndroidSafetyNetAttestation.Policy = .default,
        at instant: Date = instant,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        AndroidAttestationTestSupport.expect(
            .invalidAttestationStatement, mentioning: fragment, sourceLocation: sourceLocation
        ) {
            _ = try verify(response: response, policy: policy, at: instant)
        }
    }

    // MARK: - Accepted

    @Test func es256ResponseVerifiesAsBasicWithItsCertificate() throws {
        let result = try verify(response: try jws())
        #expect(result.type == .basic)
        #expect(result.trustPath == [try AndroidAttestationTestSupport.certificate(Vectors.leaf)])
    }

    @Test func rs256ResponseFromAnRSALeafVerifies() throws {
        let authenticatorData = try AuthenticatorData(bytes: Vectors.authenticatorData)
        let format = AndroidSafetyNetAttestation(trustAnchors: root)
        let input = try AndroidAttestationTestSupport.input(
            [("ver", .textString("1")), ("response", .byteString(Array(Vectors.rs256Response.utf8)))],
            authenticatorData: authenticatorData,
            clientDataHash: Vectors.clientDataHash,
            at: Date(timeIntervalSince1970: TimeInterval(Vectors.timestampMs / 1000 + 30))
        )
        let result = try format.verify(input)
        #expect(result.type == .basic)
        #expect(result.trustPath.first?.publicKey.rsaModulusBits == 2048)
    }

    @Test func commonNameIsTheHostNameWhenThereIsNoSubjectAlternativeName() throws {
        let result = try verify(response: try jws(header: header(leaf: Vectors.commonNameOnlyLeaf)))
        #expect(result.type == .basic)
    }

    @Test func basicIntegrityIsEnoughWhenThePolicySaysSo() throws {
        let policy = AndroidSafetyNetAttestation.Policy(requireCTSProfileMatch: false)
        let result = try verify(response: try jws(payload: payload(ctsProfileMatch: false)), policy: policy)
        #expect(result.type == .basic)
    }

    @Test func timestampInsideTheWindowPasses() throws {
        let response = try jws()
        let timestamp = Date(timeIntervalSince1970: TimeInterval(Self.timestampMs) / 1000)
        #expect(try verify(response: response, at: timestamp.addingTimeInterval(60)).type == .basic)
        #expect(try verify(response: response, at: timestamp.addingTimeInterval(-10)).type == .basic)
        let wide = AndroidSafetyNetAttestation.Policy(maximumAge: 300, maximumClockSkew: 60)
        #expect(try verify(response: response, policy: wide, at: timestamp.addingTimeInterval(300)).type == .basic)
        #expect(try verify(response: response, policy: wide, at: timestamp.addingTimeInterval(-60)).type == .basic)
    }

    // MARK: - Rejected: the rules

    @Test func badJWSSignatureIsInvalid() throws {
        let response = try jws()
        let parts = response.split(separator: ".")
        let otherSignature = try jws(payload: payload(timestampMs: Self.timestampMs + 1)).split(separator: ".")[2]
        AndroidAttestationTestSupport.expect(.invalidSignature, mentioning: "JWS signature") {
            _ = try verify(response: "\(parts[0]).\(parts[1]).\(otherSignature)")
        }
    }

    @Test func wrongNonceIsRejected() throws {
        let otherNonce = Base64URL.encodeStandard(HashAlgorithm.sha256.hash(clientDataHash))
        expectInvalid(try jws(payload: payload(nonce: otherNonce)), mentioning: "nonce")
        let unpadded = String(nonce.dropLast())
        expectInvalid(try jws(payload: payload(nonce: unpadded)), mentioning: "nonce")
        let urlAlphabet = Base64URL.encode(HashAlgorithm.sha256.hash(authenticatorData.rawBytes + clientDataHash))
        try #require(
            urlAlphabet + "=" != nonce, "the fixture's nonce must contain + or / for this case to test anything")
        expectInvalid(try jws(payload: payload(nonce: urlAlphabet)), mentioning: "nonce")
    }

    @Test func wrongHostNameIsRejected() throws {
        expectInvalid(try jws(header: header(leaf: Vectors.wrongHostLeaf)), mentioning: "not attest.android.com")
    }

    @Test func ctsProfileMismatchIsRejected() throws {
        expectInvalid(try jws(payload: payload(ctsProfileMatch: false)), mentioning: "ctsProfileMatch is false")
        let lenient = AndroidSafetyNetAttestation.Policy(requireCTSProfileMatch: false)
        expectInvalid(
            try jws(payload: payload(ctsProfileMatch: false, basicIntegrity: false)),
            mentioning: "both false",
            policy: lenient
        )
    }

    @Test func staleOrFutureTimestampIsRejected() throws {
        let response = try jws()
        let timestamp = Date(timeIntervalSince1970: TimeInterval(Self.timestampMs) / 1000)
        // The conformance list's android-safetynet F-7 (more than a minute old) and F-6 (in the future).
        expectInvalid(response, mentioning: "before the verification instant", at: timestamp.addingTimeInterval(61))
        expectInvalid(response, mentioning: "after the verification instant", at: timestamp.addingTimeInterval(-11))
        let wide = AndroidSafetyNetAttestation.Policy(maximumAge: 300, maximumClockSkew: 60)
        expectInvalid(
            response, mentioning: "before the verification instant", policy: wide, at: timestamp.addingTimeInterval(301)
        )
        expectInvalid(
            response, mentioning: "after the verification instant", policy: wide, at: timestamp.addingTimeInterval(-61))
    }

    @Test func chainToNoAnchorIsUntrusted() throws {
        let response = try jws()
        #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try verify(response: response, anchors: AndroidSafetyNetRoots.certificates)
        }
        #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try verify(response: response, anchors: [])
        }
    }

    // MARK: - Rejected: malformed JWS and statement

    @Test func wrongPartCountIsMalformed() throws {
        let parts = try jws().split(separator: ".").map(String.init)
        expectInvalid(parts[0] + "." + parts[1], mentioning: "2 dot-separated parts")
        expectInvalid(parts.joined(separator: ".") + ".", mentioning: "4 dot-separated parts")
        expectInvalid(parts.joined(separator: ".."), mentioning: "5 dot-separated parts")
        expectInvalid("", mentioning: "1 dot-separated parts")
    }

    @Test func badBase64IsMalformed() throws {
        let parts = try jws().split(separator: ".").map(String.init)
        let padded = parts[0] + String(repeating: "=", count: (4 - parts[0].count % 4) % 4)
        try #require(padded != parts[0], "the fixture's header must need padding for this case to test anything")
        expectInvalid([padded, parts[1], parts[2]].joined(separator: "."), mentioning: "header")
        expectInvalid([parts[0], parts[1] + "*", parts[2]].joined(separator: "."), mentioning: "payload")
        expectInvalid(
            [parts[0], parts[1], parts[2].replacingOccurrences(of: "-", with: "+") + "+/"]
                .joined(separator: "."), mentioning: "signature")
        expectInvalid([parts[0], "", parts[2]].joined(separator: "."), mentioning: "payload")
    }

    @Test func badJSONIsMalformed() throws {
        expectInvalid(try jws(header: "{\"alg\":\"ES256\",\"x5c\":"), mentioning: "JWS header")
        expectInvalid(try jws(header: "[]"), mentioning: "JWS header")
        expectInvalid(try jws(header: #"{"alg":7,"x5c":[]}"#), mentioning: "JWS header")
        expectInvalid(try jws(header: #"{"alg":"ES256","x5c":"MII"}"#), mentioning: "JWS header")
        let duplicate = #"{"alg":"ES256","alg":"ES256","x5c":["\#(Base64URL.encodeStandard(Vectors.leaf))"]}"#
        expectInvalid(try jws(header: duplicate), mentioning: "repeats")
        expectInvalid(try jws(payload: "not json"), mentioning: "payload")
        expectInvalid(try jws(payload: #"{"nonce":"\#(nonce)","timestampMs":1}"#), mentioning: "payload")
        expectInvalid(
            try jws(payload: #"{"nonce":"\#(nonce)","timestampMs":1.5,"ctsProfileMatch":true,"basicIntegrity":true}"#),
            mentioning: "payload"
        )
        let repeated = String(payload().dropLast()) + #","nonce":"x"}"#
        expectInvalid(try jws(payload: repeated), mentioning: "repeats")
    }

    @Test func missingOrUnreadableCertificatesAreMalformed() throws {
        expectInvalid(try jws(header: #"{"alg":"ES256"}"#), mentioning: "no x5c")
        expectInvalid(try jws(header: #"{"alg":"ES256","x5c":[]}"#), mentioning: "no x5c")
        let urlAlphabet = Base64URL.encode(Vectors.leaf)
        try #require(
            urlAlphabet.contains(where: { $0 == "-" || $0 == "_" }),
            "the fixture's leaf must contain - or _ in base64url for this case to test anything"
        )
        expectInvalid(try jws(header: #"{"alg":"ES256","x5c":["\#(urlAlphabet)"]}"#), mentioning: "x5c[0]")
        expectInvalid(try jws(header: #"{"alg":"ES256","x5c":["AAAA"]}"#), mentioning: "x5c[0]")
        expectInvalid(try jws(header: #"{"alg":"ES256","x5c":["AAA"]}"#), mentioning: "x5c[0]")
    }

    @Test func unsupportedOrCriticalHeadersAreRejected() throws {
        for alg in ["none", "HS256", "es256", "EdDSA"] {
            let response = try jws(header: header(alg: alg))
            AndroidAttestationTestSupport.expect(.unsupportedAlgorithm, mentioning: alg) {
                _ = try verify(response: response)
            }
        }
        let critical = #"{"alg":"ES256","crit":["exp"],"x5c":["\#(Base64URL.encodeStandard(Vectors.leaf))"]}"#
        expectInvalid(try jws(header: critical), mentioning: "crit")
        expectInvalid(try jws(header: header(alg: "RS256")), mentioning: "does not fit")
    }

    @Test func ecdsaSignatureOfTheWrongLengthIsMalformed() throws {
        let parts = try jws().split(separator: ".").map(String.init)
        let derSignature = try leafKey.sign(Array("\(parts[0]).\(parts[1])".utf8))
        expectInvalid(
            [parts[0], parts[1], Base64URL.encode(derSignature)].joined(separator: "."), mentioning: "r || s")
    }

    @Test func statementSyntaxIsEnforced() throws {
        let response = CBORValue.byteString(Array(try jws().utf8))
        let statements: [([(String, CBORValue)], String)] = [
            ([("response", response)], "\"ver\""),
            ([("ver", .textString("1"))], "\"response\""),
            ([("ver", .textString("")), ("response", response)], "ver is empty"),
            ([("ver", .unsignedInteger(1)), ("response", response)], "ver is not"),
            ([("ver", .textString("1")), ("response", .textString("jws"))], "response is not"),
            ([("ver", .textString("1")), ("response", response), ("x5c", .array([]))], "unexpected member"),
            (
                [("ver", .textString("1")), ("response", .byteString(Array(repeating: 0x41, count: 70_000)))],
                "at most 65536"
            ),
        ]
        for (statement, fragment) in statements {
            AndroidAttestationTestSupport.expect(.invalidAttestationStatement, mentioning: fragment) {
                _ = try verify(statement)
            }
        }
    }

    // MARK: - Built-in roots

    @Test func builtInAnchorsCarryTheSafetyNetRoots() throws {
        let anchors = AttestationTrustAnchors.builtIn.anchors(forFormat: "android-safetynet")
        let fingerprints = anchors.map { AndroidAttestationTestSupport.hex(HashAlgorithm.sha256.hash($0.derEncoded)) }
        #expect(
            fingerprints == [
                "ebd41040e4bb3ec742c9e381d31ef2a41a48b6685c96e7cef3c1df6cd4331c99",
                "69e2d06c30f366166165e91d68d1cee5cc47584a80227e76666086c0107241eb",
                "d947432abde7b7fa90fc2e6b59101b1280e0e1c7e4e40fa3c6887fff57a7f4cf",
            ]
        )
        #expect(RegistrationVerifier().supportedFormats.contains("android-safetynet"))
    }

    // MARK: - Helpers

    /// `r || s` of a DER `Ecdsa-Sig-Value` over P-256 (RFC 7518 §3.4).
    static func rawSignature(fromDER der: [UInt8]) throws -> [UInt8] {
        var index = 2
        var raw: [UInt8] = []
        for _ in 0..<2 {
            try #require(der[index] == 0x02)
            let length = Int(der[index + 1])
            let integer = Array(der[(index + 2)..<(index + 2 + length)].drop { $0 == 0 })
            raw += [UInt8](repeating: 0, count: 32 - integer.count) + integer
            index += 2 + length
        }
        return raw
    }
}
