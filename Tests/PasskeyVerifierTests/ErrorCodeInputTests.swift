import PasskeyCBOR
import PasskeyVerifier
import Testing

/// The codes for input that cannot be read: malformedInput, malformedCBOR, malformedAuthenticatorData and
/// malformedClientData, each reached through the public verifiers or response decoding from a W3C vector
/// with one thing broken.
@Suite struct ErrorCodeInputTests {
    /// A `RegistrationResponseJSON` text for none-es256 with the `response` members given.
    static func registrationJSON(id: String? = nil, responseMembers: [String]? = nil) -> [UInt8] {
        let ceremony = RegistrationCeremony.noneES256
        let credentialID = Base64URL.encode(ceremony.credentialID)
        let members =
            responseMembers ?? [
                #""clientDataJSON":"\#(Base64URL.encode(ceremony.clientDataJSON))""#,
                #""attestationObject":"\#(Base64URL.encode(ceremony.attestationObject))""#,
            ]
        let text = """
            {"id":"\(id ?? credentialID)","rawId":"\(credentialID)","type":"public-key",\
            "response":{\(members.joined(separator: ","))},"clientExtensionResults":{}}
            """
        return Array(text.utf8)
    }

    /// An `AuthenticationResponseJSON` text for none-es256 with the signature text given.
    static func authenticationJSON(signature: String) throws -> [UInt8] {
        let ceremony = try AuthenticationCeremony.noneES256()
        let credentialID = Base64URL.encode(ceremony.credentialID)
        let text = """
            {"id":"\(credentialID)","rawId":"\(credentialID)","type":"public-key",\
            "response":{"clientDataJSON":"\(Base64URL.encode(ceremony.clientDataJSON))",\
            "authenticatorData":"\(Base64URL.encode(ceremony.authenticatorData))",\
            "signature":"\(signature)"},"clientExtensionResults":{}}
            """
        return Array(text.utf8)
    }

    /// Decodes `json` and verifies it as none-es256's registration.
    static func verifyRegistration(json: [UInt8]) throws {
        _ = try RegistrationVerifier().verify(
            try RegistrationResponse(json: json),
            expecting: RegistrationCeremony.noneES256.expectations
        )
    }

    /// Decodes `json` and verifies it as none-es256's authentication.
    static func verifyAuthentication(json: [UInt8]) throws {
        let ceremony = try AuthenticationCeremony.noneES256()
        _ = try AuthenticationVerifier().verify(
            try AuthenticationResponse(json: json),
            expecting: ceremony.expectations,
            credential: ceremony.credential
        )
    }

    /// none-es256's registration authenticator data with `change` applied, in a `none` attestation object.
    static func noneRegistration(changingAuthenticatorData change: ([UInt8]) -> [UInt8]) -> RegistrationCeremony {
        RegistrationCeremony.noneES256.with {
            $0.useNoneAttestation(
                authenticatorData: change(W3CVectors.bytes(ModelTestVectors.noneES256RegistrationAuthenticatorData))
            )
        }
    }

    static let cases: [ErrorCase] = [
        // malformedInput
        ErrorCase(
            .malformedInput, "registration JSON without response.attestationObject",
            messageContains: "attestationObject"
        ) {
            let clientData = Base64URL.encode(RegistrationCeremony.noneES256.clientDataJSON)
            try verifyRegistration(json: registrationJSON(responseMembers: [#""clientDataJSON":"\#(clientData)""#]))
        },
        ErrorCase(.malformedInput, "registration JSON whose id is not its rawId", messageContains: "rawId") {
            try verifyRegistration(json: registrationJSON(id: Base64URL.encode([1, 2, 3])))
        },
        ErrorCase(.malformedInput, "authentication JSON with a non-base64 signature", messageContains: "signature") {
            try verifyAuthentication(json: authenticationJSON(signature: "MEYCIQD1*Ck4u"))
        },
        ErrorCase(.malformedInput, "authentication JSON cut in the middle") {
            let json = try authenticationJSON(
                signature: Base64URL.encode(W3CVectors.bytes(ModelTestVectors.noneES256Signature)))
            try verifyAuthentication(json: Array(json.prefix(json.count / 2)))
        },
        ErrorCase(.malformedInput, "attestation object that is a CBOR array") {
            _ = try RegistrationCeremony.noneES256.with { $0.attestationObject = CBOREncoder.encode(.array([])) }
                .verify()
        },
        ErrorCase(.malformedInput, "attestation object without authData", messageContains: "authData") {
            let attestationObject = CBOREncoder.encode(
                .map(W3CVectors.map([("fmt", .textString("none")), ("attStmt", .map(CBORMap(entries: [])))]))
            )
            _ = try RegistrationCeremony.noneES256.with { $0.attestationObject = attestationObject }.verify()
        },

        // malformedCBOR
        ErrorCase(.malformedCBOR, "attestation object with a trailing byte") {
            _ = try RegistrationCeremony.noneES256.with { $0.attestationObject.append(0x00) }.verify()
        },
        ErrorCase(.malformedCBOR, "attestation object one byte short") {
            _ = try RegistrationCeremony.noneES256.with { $0.attestationObject.removeLast() }.verify()
        },
        ErrorCase(.malformedCBOR, "credential public key with its map keys out of canonical order") {
            // a5 01 02 03 26 … → a5 03 26 01 02 …: kty and alg swapped, not CTAP2 canonical (§6.5.1).
            _ = try noneRegistration { bytes in
                let keyStart = 37 + 16 + 2 + 32
                var changed = bytes
                changed.replaceSubrange(keyStart + 1..<keyStart + 5, with: [0x03, 0x26, 0x01, 0x02])
                return changed
            }.verify()
        },
        ErrorCase(.malformedCBOR, "assertion whose extensions are not CBOR (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: 0x99) + [0xA1, 0x61]
            }.verify()
        },

        // malformedAuthenticatorData
        ErrorCase(.malformedAuthenticatorData, "assertion authenticator data of 36 bytes (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned { $0.authenticatorData.removeLast() }.verify()
        },
        ErrorCase(
            .malformedAuthenticatorData, "assertion with the AT flag but no attested credential data (signed again)"
        ) {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: 0x59)
            }.verify()
        },
        ErrorCase(.malformedAuthenticatorData, "assertion carrying attested credential data (signed again)") {
            let registrationData = try AttestationObject(bytes: RegistrationCeremony.noneES256.attestationObject)
                .authenticatorData.rawBytes
            _ = try AuthenticationCeremony.noneES256().resigned { $0.authenticatorData = registrationData }.verify()
        },
        ErrorCase(.malformedAuthenticatorData, "assertion with the ED flag but no extensions (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: 0x99)
            }.verify()
        },
        ErrorCase(.malformedAuthenticatorData, "registration authenticator data with a byte after the public key") {
            _ = try noneRegistration { $0 + [0x00] }.verify()
        },

        // malformedClientData
        ErrorCase(.malformedClientData, "empty registration clientDataJSON", messageContains: "clientDataJSON") {
            _ = try RegistrationCeremony.noneES256.with { $0.clientDataJSON = [] }.verify()
        },
        ErrorCase(
            .malformedClientData, "authentication with an empty clientDataJSON", messageContains: "clientDataJSON"
        ) {
            _ = try AuthenticationCeremony.noneES256().resigned { $0.clientDataJSON = [] }.verify()
        },
        ErrorCase(.malformedClientData, "clientDataJSON without origin", messageContains: "origin") {
            _ = try RegistrationCeremony.noneES256.with {
                $0.clientDataJSON = W3CVectors.replacing(
                    #""origin":"https://example.org","#, with: "", in: $0.clientDataJSON)
            }.verify()
        },
        ErrorCase(.malformedClientData, "clientDataJSON with two origin members", messageContains: "origin") {
            _ = try RegistrationCeremony.noneES256.with {
                $0.clientDataJSON = W3CVectors.replacing(
                    #""origin":"https://example.org","#,
                    with: #""origin":"https://example.org","origin":"https://evil.example","#,
                    in: $0.clientDataJSON
                )
            }.verify()
        },
        ErrorCase(.malformedClientData, "clientDataJSON that is a JSON array (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned { $0.clientDataJSON = Array("[]".utf8) }.verify()
        },
    ]

    @Test(arguments: cases)
    func failsWithItsCode(_ errorCase: ErrorCase) throws {
        try errorCase.check()
    }

    /// The unchanged inputs these cases start from verify, so each case fails for its one change.
    @Test func theUnchangedInputsVerify() throws {
        try Self.verifyRegistration(json: Self.registrationJSON())
        let signature = Base64URL.encode(W3CVectors.bytes(ModelTestVectors.noneES256Signature))
        try Self.verifyAuthentication(json: Self.authenticationJSON(signature: signature))
        _ = try Self.noneRegistration { $0 }.verify()
        _ = try AuthenticationCeremony.noneES256().resigned { _ in }.verify()
    }
}
