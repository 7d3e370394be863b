#if Server
import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting

/// The creation and request options, the registration response structure and its clientDataJSON.
extension ConformanceCases {
    static let options: [String: ConformanceCase] =
        suite(
            ConformanceTestList.creationOptions,
            [
                ("P-1", succeeds(checkCreationOptions)),
                (
                    "P-2",
                    succeeds { server in
                        let options = try await server.creationOptions(attestation: "none")
                        return try expect(
                            options.attestation == AttestationConveyancePreference.none,
                            "attestation is \(String(describing: options.attestation))")
                    }
                ),
                (
                    "P-3",
                    succeeds { server in
                        let first = try await server.creationOptions()
                        let second = try await server.creationOptions()
                        return try expect(first.challenge != second.challenge, "the challenges are equal")
                    }
                ),
            ]
        )
        .merging(
            suite(
                ConformanceTestList.requestOptions,
                [
                    ("P-1", succeeds(checkRequestOptions)),
                    (
                        "P-2",
                        succeeds { server in
                            var authenticator = ConformanceServer.authenticator()
                            let username = ConformanceServer.newUsername()
                            try await server.register(&authenticator, username: username)
                            let first = try await server.requestOptions(username: username)
                            let second = try await server.requestOptions(username: username)
                            return try expect(first.challenge != second.challenge, "the challenges are equal")
                        }
                    ),
                ])
        ) { first, _ in first }

    /// An `ok` answer when `condition` holds; throws `failure` otherwise.
    static func expect(_ condition: Bool, _ failure: String) throws -> ConformanceAnswer {
        guard condition else { throw HarnessError(failure) }
        return ConformanceAnswer(httpStatus: 200, status: "ok", errorMessage: "")
    }

    /// Req-1 P-1 of the creation options: the answer's members, read from the raw JSON.
    @Sendable static func checkCreationOptions(_ server: ConformanceServer) async throws -> ConformanceAnswer {
        let object = try await server.creationOptionsObject([
            "username": ConformanceServer.newUsername(), "displayName": "Conformance", "attestation": "direct",
            "authenticatorSelection": ["requireResidentKey": false, "userVerification": "preferred"],
            "extensions": ["example.extension": true],
        ])
        var problems: [String] = []
        if object["status"] as? String != "ok" { problems.append("status") }
        if object["errorMessage"] as? String != "" { problems.append("errorMessage") }
        let user = object["user"] as? [String: Any] ?? [:]
        if !(user["name"] is String) || !(user["displayName"] is String) { problems.append("user name") }
        let userID = Base64URL.decode(user["id"] as? String ?? "")
        if !(1...64).contains(userID?.count ?? 0) { problems.append("user.id") }
        let rp = object["rp"] as? [String: Any] ?? [:]
        if !(rp["name"] is String) || !(rp["id"] is String) { problems.append("rp") }
        if (Base64URL.decode(object["challenge"] as? String ?? "")?.count ?? 0) < 16 { problems.append("challenge") }
        let parameters = object["pubKeyCredParams"] as? [[String: Any]] ?? []
        if parameters.isEmpty
            || parameters.contains(where: { $0["type"] as? String != "public-key" || !($0["alg"] is NSNumber) })
        {
            problems.append("pubKeyCredParams")
        }
        if let timeout = object["timeout"], ((timeout as? NSNumber)?.doubleValue ?? 0) <= 0 {
            problems.append("timeout")
        }
        let extensions = object["extensions"] as? [String: Any] ?? [:]
        if extensions["example.extension"] == nil { problems.append("extensions") }
        return try expect(problems.isEmpty, "creation options lack \(problems)")
    }

    /// Req-1 P-1 of the request options: the answer's members, read from the raw JSON.
    @Sendable static func checkRequestOptions(_ server: ConformanceServer) async throws -> ConformanceAnswer {
        var authenticator = ConformanceServer.authenticator()
        let username = ConformanceServer.newUsername()
        try await server.register(&authenticator, username: username)
        let credentialID = try required(authenticator.credentials.last?.id, "the credential")
        let request: [String: Any] = [
            "username": username, "userVerification": "required",
            "extensions": ["example.extension": "conformance test string"],
        ]
        let response = try await server.harness.post(
            "/assertion/options", bytes: Array(try JSONSerialization.data(withJSONObject: request)))
        let object = try ConformanceServer.object(Array(response.body.readableBytesView))
        var problems: [String] = []
        if object["status"] as? String != "ok" || object["errorMessage"] as? String != "" { problems.append("status") }
        if (Base64URL.decode(object["challenge"] as? String ?? "")?.count ?? 0) < 16 { problems.append("challenge") }
        let extensions = object["extensions"] as? [String: Any] ?? [:]
        if extensions["example.extension"] as? String != "conformance test string" { problems.append("extensions") }
        if let timeout = object["timeout"], ((timeout as? NSNumber)?.doubleValue ?? 0) <= 0 {
            problems.append("timeout")
        }
        if let rpID = object["rpId"], rpID as? String != ServerHarness.relyingPartyID { problems.append("rpId") }
        let allowed = object["allowCredentials"] as? [[String: Any]] ?? []
        if allowed.count != 1 || allowed.first?["type"] as? String != "public-key"
            || allowed.first?["id"] as? String != Base64URL.encode(credentialID)
        {
            problems.append("allowCredentials")
        }
        if object["userVerification"] as? String != "required" { problems.append("userVerification") }
        return try expect(problems.isEmpty, "request options lack \(problems)")
    }

    static let registrationStructure: [String: ConformanceCase] = suite(
        ConformanceTestList.attestationStructure,
        [
            (
                "P-1",
                succeeds { server in
                    var authenticator = ConformanceServer.authenticator()
                    let username = ConformanceServer.newUsername()
                    try await server.register(&authenticator, username: username)
                    let credentialID = try required(authenticator.credentials.last?.id, "the credential")
                    let options = try await server.creationOptionsObject([
                        "username": username, "displayName": "Conformance", "attestation": "none",
                    ])
                    let excluded = options["excludeCredentials"] as? [[String: Any]] ?? []
                    return try expect(
                        excluded.contains {
                            $0["type"] as? String == "public-key"
                                && $0["id"] as? String == Base64URL.encode(credentialID)
                        },
                        "excludeCredentials does not list the credential")
                }
            ),
            ("F-1", structureEdit { $0["id"] = nil }),
            ("F-2", structureEdit { $0["id"] = 42 }),
            ("F-3", structureEdit { $0["id"] = "not base64url!" }),
            ("F-4", structureEdit { $0["type"] = nil }),
            ("F-5", structureEdit { $0["type"] = 1 }),
            ("F-6", structureEdit { $0["type"] = "private-key" }),
            ("F-7", structureEdit { $0["response"] = nil }),
            ("F-8", structureEdit { $0["response"] = "response" }),
            ("F-9", responseEdit("clientDataJSON", nil)),
            ("F-10", responseEdit("clientDataJSON", 7)),
            ("F-11", responseEdit("clientDataJSON", "", code: "malformedClientData")),
            ("F-12", responseEdit("attestationObject", nil)),
            ("F-13", responseEdit("attestationObject", [1, 2])),
            ("F-14", responseEdit("attestationObject", "", code: "malformedCBOR")),
        ])

    /// A registration of a `none` authenticator as the tools send it: `id`, `rawId`, `type` and `response`
    /// with `clientDataJSON` and `attestationObject` only.
    static func toolRegistration(_ server: ConformanceServer) async throws -> [String: Any] {
        var authenticator = ConformanceServer.authenticator()
        let registration = try await server.registration(with: &authenticator, attestation: "none")
        return try toolShape(registration)
    }

    /// Registers with `authenticator` and posts the result to `/attestation/result` as the tools send it.
    static func postedRegistration(
        _ server: ConformanceServer,
        _ authenticator: inout VirtualAuthenticator
    ) async throws -> ConformanceAnswer {
        try await server.post("/attestation/result", try toolShape(try await server.registration(with: &authenticator)))
    }

    /// `registration`'s JSON as the tools send it.
    static func toolShape(_ registration: VirtualRegistration) throws -> [String: Any] {
        try ConformanceServer.edited(registration.jsonBytes) { object in
            object = [
                "id": object["id"] ?? "", "rawId": object["rawId"] ?? "", "type": "public-key",
                "response": [
                    "clientDataJSON": Base64URL.encode(registration.clientDataJSON),
                    "attestationObject": Base64URL.encode(registration.attestationObject),
                ],
            ]
        }
    }

    /// A registration with `change` applied to the top-level members, which must fail with `code`.
    static func structureEdit(
        code: String = "malformedInput",
        _ change: @escaping @Sendable (inout [String: Any]) -> Void
    ) -> ConformanceCase {
        fails(code) { server in
            var object = try await toolRegistration(server)
            change(&object)
            return try await server.post("/attestation/result", object)
        }
    }

    /// A registration with `response.<member>` set to `value` (`nil`: removed), which must fail with `code`.
    static func responseEdit(_ member: String, _ value: (any Sendable)?, code: String = "malformedInput")
        -> ConformanceCase
    {
        structureEdit(code: code) { object in
            object["response"] = settingMember(member, to: value, in: object["response"])
        }
    }

    /// The JSON object `response` with `member` set to `value`, or removed when `value` is `nil`.
    static func settingMember(_ member: String, to value: (any Sendable)?, in response: Any?) -> [String: Any] {
        var response = response as? [String: Any] ?? [:]
        if let value {
            response[member] = value
        } else {
            response.removeValue(forKey: member)
        }
        return response
    }

    static let registrationClientData: [String: ConformanceCase] = suite(
        ConformanceTestList.attestationClientData,
        clientDataEdits(type: "webauthn.create", other: "webauthn.get").map { number, code, edit in
            (
                number,
                fails(code) { server in
                    var authenticator = ConformanceServer.authenticator()
                    let registration = try await server.registration(with: &authenticator, attestation: "none")
                    let members = clientDataMembers(
                        type: "webauthn.create", challenge: try challenge(of: registration.clientDataJSON))
                    var object = try toolShape(registration)
                    var response = object["response"] as? [String: Any] ?? [:]
                    response["clientDataJSON"] = Base64URL.encode(clientData(setting(edit.0, to: edit.1, in: members)))
                    object["response"] = response
                    return try await server.post("/attestation/result", object)
                }
            )
        })
}
#endif
