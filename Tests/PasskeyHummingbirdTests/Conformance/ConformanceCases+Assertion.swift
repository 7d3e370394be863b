#if Server
import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting

/// The sign-in response: its structure, its clientDataJSON and its authenticator data.
extension ConformanceCases {
    /// A registered account and its authenticator, ready to sign in.
    struct SignInAccount: Sendable {
        var authenticator: VirtualAuthenticator
        let username: String

        /// Registers a `none` ES256 credential for a new username with `signCounter`.
        init(_ server: ConformanceServer, signCounter: VirtualAuthenticator.SignCounter = .zero) async throws {
            authenticator = ConformanceServer.authenticator(signCounter: signCounter)
            username = ConformanceServer.newUsername()
            try await server.register(&authenticator, username: username)
        }

        /// An assertion for new request options asking for `userVerification`, with UP and UV as `presence`
        /// (BE and BS kept as registered).
        mutating func assertion(
            _ server: ConformanceServer,
            userVerification: String = "preferred",
            presence: AuthenticatorFlags = [.userPresent, .userVerified]
        ) async throws -> VirtualAssertion {
            let options = try await server.requestOptions(username: username, userVerification: userVerification)
            authenticator.flags = authenticator.flags.subtracting([.userPresent, .userVerified]).union(presence)
            let credentialID = try required(authenticator.credentials.last?.id, "the credential")
            return try authenticator.authenticate(challenge: options.challengeBytes ?? [], credentialID: credentialID)
        }

        /// The signing key of the account's credential.
        var key: VirtualCredentialKey {
            get throws { try required(authenticator.credentials.last?.key, "the credential") }
        }
    }

    /// `assertion` as the tools send it, with `clientDataJSON` and `authenticatorData` replaced when given and
    /// then signed again with `key` (over `signedClientDataJSON` when given, the sent client data otherwise).
    static func toolShape(
        _ assertion: VirtualAssertion,
        key: VirtualCredentialKey? = nil,
        clientDataJSON: [UInt8]? = nil,
        authenticatorData: [UInt8]? = nil,
        signedClientDataJSON: [UInt8]? = nil
    ) throws -> [String: Any] {
        let clientData = clientDataJSON ?? assertion.clientDataJSON
        let authenticatorData = authenticatorData ?? assertion.authenticatorData
        var signature = assertion.signature
        if let key {
            signature = try key.sign(
                authenticatorData + HashAlgorithm.sha256.hash(signedClientDataJSON ?? clientData))
        }
        var response: [String: Any] = [
            "clientDataJSON": Base64URL.encode(clientData),
            "authenticatorData": Base64URL.encode(authenticatorData),
            "signature": Base64URL.encode(signature),
        ]
        response["userHandle"] = assertion.userHandle.map { Base64URL.encode($0) }
        let id = Base64URL.encode(assertion.credentialID)
        return ["id": id, "rawId": id, "type": "public-key", "response": response]
    }

    /// A valid sign-in with `change` applied to the tools' JSON, which must fail with `code`.
    static func signInEdit(
        _ code: String = "malformedInput",
        _ change: @escaping @Sendable (inout [String: Any]) -> Void
    ) -> ConformanceCase {
        fails(code) { server in
            var account = try await SignInAccount(server)
            var object = try toolShape(try await account.assertion(server))
            change(&object)
            return try await server.post("/assertion/result", object)
        }
    }

    /// A valid sign-in with `response.<member>` set to `value` (`nil`: removed), which must fail with `code`.
    static func signInResponseEdit(_ member: String, _ value: (any Sendable)?, _ code: String = "malformedInput")
        -> ConformanceCase
    {
        signInEdit(code) { object in object["response"] = settingMember(member, to: value, in: object["response"]) }
    }

    /// A sign-in whose flags carry `presence` for request options asking for `userVerification`.
    static func presence(_ presence: AuthenticatorFlags, _ userVerification: String)
        -> @Sendable (ConformanceServer) async throws -> ConformanceAnswer
    {
        { server in
            var account = try await SignInAccount(server)
            let assertion = try await account.assertion(
                server, userVerification: userVerification, presence: presence)
            return try await server.post("/assertion/result", try toolShape(assertion))
        }
    }

    /// The decision behind refusing assertions without UP.
    static let userPresenceDecision =
        "WebAuthn Level 3 §7.2 (`#sctn-verifying-assertion` step \"UP\") requires the UP flag in every assertion; "
        + "the tools' authenticator sets it"

    static let assertion: [String: ConformanceCase] =
        suite(
            ConformanceTestList.assertionStructure,
            [
                (
                    "P-1",
                    succeeds { server in
                        var account = try await SignInAccount(server)
                        return try await server.post(
                            "/assertion/result", try toolShape(try await account.assertion(server)))
                    }
                ),
                ("F-1", signInEdit { $0["id"] = nil }),
                ("F-2", signInEdit { $0["id"] = 42 }),
                ("F-3", signInEdit { $0["id"] = "not base64url!" }),
                ("F-4", signInEdit { $0["type"] = nil }),
                ("F-5", signInEdit { $0["type"] = 1 }),
                ("F-6", signInEdit { $0["type"] = "private-key" }),
                ("F-7", signInEdit { $0["response"] = nil }),
                ("F-8", signInEdit { $0["response"] = "response" }),
                ("F-9", signInResponseEdit("clientDataJSON", nil)),
                ("F-10", signInResponseEdit("clientDataJSON", 7)),
                ("F-11", signInResponseEdit("clientDataJSON", "", "malformedClientData")),
                ("F-12", signInResponseEdit("authenticatorData", nil)),
                ("F-13", signInResponseEdit("authenticatorData", [1])),
                ("F-14", signInResponseEdit("authenticatorData", "not base64url!")),
                ("F-15", signInResponseEdit("authenticatorData", "", "malformedAuthenticatorData")),
                ("F-16", signInResponseEdit("signature", nil)),
                ("F-17", signInResponseEdit("signature", 3)),
                ("F-18", signInResponseEdit("signature", "not base64url!")),
                ("F-19", signInResponseEdit("signature", "", "invalidSignature")),
                (
                    "F-20",
                    fails("invalidSignature") { server in
                        var account = try await SignInAccount(server)
                        let assertion = try await account.assertion(server)
                        var object = try toolShape(assertion)
                        var response = object["response"] as? [String: Any] ?? [:]
                        var signature = assertion.signature
                        signature[signature.count - 1] ^= 0x01
                        response["signature"] = Base64URL.encode(signature)
                        object["response"] = response
                        return try await server.post("/assertion/result", object)
                    }
                ),
                ("F-21", signInResponseEdit("userHandle", 12)),
            ]
        )
        .merging(
            suite(
                ConformanceTestList.assertionClientData,
                clientDataEdits(type: "webauthn.get", other: "webauthn.create").map { number, code, edit in
                    (
                        number,
                        fails(code) { server in
                            var account = try await SignInAccount(server)
                            let assertion = try await account.assertion(server)
                            let members = clientDataMembers(
                                type: "webauthn.get", challenge: try challenge(of: assertion.clientDataJSON))
                            let object = try toolShape(
                                assertion, key: try account.key,
                                clientDataJSON: clientData(setting(edit.0, to: edit.1, in: members)))
                            return try await server.post("/assertion/result", object)
                        }
                    )
                })
        ) { first, _ in first }
        .merging(suite(ConformanceTestList.assertionAuthenticatorData, authenticatorDataCases)) { first, _ in first }

    private static let authenticatorDataCases: [(String, ConformanceCase)] = [
        ("P-1", succeeds(presence([.userPresent, .userVerified], "preferred"))),
        (
            "P-2",
            .executable(
                .refusedByDecision("userNotPresent", reason: userPresenceDecision),
                play: presence([.userVerified], "required"))
        ),
        ("P-3", succeeds(presence([.userPresent, .userVerified], "required"))),
        (
            "P-4",
            .executable(
                .refusedByDecision("userNotPresent", reason: userPresenceDecision), play: presence([], "preferred"))
        ),
        ("P-5", succeeds(presence([.userPresent], "discouraged"))),
        (
            "P-6",
            .executable(
                .refusedByDecision("userNotPresent", reason: userPresenceDecision),
                play: presence([.userVerified], "discouraged"))
        ),
        (
            "P-7",
            .executable(
                .refusedByDecision("userNotPresent", reason: userPresenceDecision), play: presence([], "discouraged"))
        ),
        (
            "P-8",
            succeeds { server in
                var account = try await SignInAccount(server)
                account.authenticator.extensions = CBORMap(entries: [
                    CBORMap.Entry(key: .textString("credProtect"), value: CBORValue(integer: 1))
                ])
                return try await server.post("/assertion/result", try toolShape(try await account.assertion(server)))
            }
        ),
        (
            "F-1",
            fails("malformedAuthenticatorData") { server in
                var account = try await SignInAccount(server)
                let assertion = try await account.assertion(server)
                let object = try toolShape(
                    assertion, key: try account.key, authenticatorData: assertion.authenticatorData + [0x00, 0x01])
                return try await server.post("/assertion/result", object)
            }
        ),
        (
            "F-2",
            fails("rpIdMismatch") { server in
                var account = try await SignInAccount(server)
                let assertion = try await account.assertion(server)
                let data =
                    HashAlgorithm.sha256.hash(Array("attacker.example".utf8))
                    + assertion.authenticatorData.dropFirst(32)
                let object = try toolShape(assertion, key: try account.key, authenticatorData: data)
                return try await server.post("/assertion/result", object)
            }
        ),
        (
            "F-3",
            fails("invalidSignature") { server in
                var account = try await SignInAccount(server)
                let assertion = try await account.assertion(server)
                let object = try toolShape(
                    assertion, key: try account.key, signedClientDataJSON: assertion.clientDataJSON + [0x20])
                return try await server.post("/assertion/result", object)
            }
        ),
        (
            "F-4",
            fails("signCountRegression") { server in
                var account = try await SignInAccount(server, signCounter: .incrementing(start: 1, step: 1))
                let first = try await account.assertion(server)
                let firstAnswer = try await server.post("/assertion/result", try toolShape(first))
                guard firstAnswer.status == "ok" else { return firstAnswer }
                account.authenticator.signCounter = .fixed(first.signCount)
                return try await server.post("/assertion/result", try toolShape(try await account.assertion(server)))
            }
        ),
        ("F-5", fails("userNotVerified", presence([.userPresent], "required"))),
    ]
}
#endif
