#if Server
import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting

/// The attestation object, the credential algorithms and the attestation statement formats.
extension ConformanceCases {
    /// An attestation object's three members as decoded.
    struct AttestationParts: Sendable {
        var format: CBORValue?
        var statement: CBORValue?
        var authenticatorData: CBORValue?

        init(_ attestationObject: [UInt8]) throws {
            guard case .map(let map) = try CBORDecoder().decode(attestationObject) else {
                throw HarnessError("the attestation object is not a map")
            }
            format = map[textKey: "fmt"]
            statement = map[textKey: "attStmt"]
            authenticatorData = map[textKey: "authData"]
        }

        /// The statement's map, empty when it is none.
        var statementMap: CBORMap { statement?.mapValue ?? CBORMap(entries: []) }

        /// The authenticator data bytes, empty when they are none.
        var authenticatorDataBytes: [UInt8] { authenticatorData?.byteStringValue ?? [] }

        /// Sets the statement member `name` to `value` (`nil` removes it).
        mutating func setStatement(_ name: String, _ value: CBORValue?) {
            var entries = statementMap.entries.filter { $0.key != .textString(name) }
            if let value { entries.append(CBORMap.Entry(key: .textString(name), value: value)) }
            statement = .map(CBORMap(entries: entries))
        }

        /// The encoded attestation object of the members present.
        var encoded: [UInt8] {
            let members: [(String, CBORValue?)] = [
                ("fmt", format), ("attStmt", statement), ("authData", authenticatorData),
            ]
            return CBOREncoder.encode(
                .map(
                    CBORMap(
                        entries: members.compactMap { name, value in
                            value.map { CBORMap.Entry(key: .textString(name), value: $0) }
                        })))
        }
    }

    /// Registers with `authenticator` (options asking for `attestation`; a credential of `key` when given, else of
    /// the first algorithm the options offer), posts the registration with its attestation object changed by
    /// `change` as the tools send it, and returns the answer.
    static func editedAttestation(
        _ server: ConformanceServer,
        _ authenticator: VirtualAuthenticator,
        attestation: String = "direct",
        key: VirtualCredentialKey? = nil,
        _ change: (inout AttestationParts, VirtualRegistration) throws -> Void
    ) async throws -> ConformanceAnswer {
        var authenticator = authenticator
        let registration = try await server.registration(
            with: &authenticator, attestation: attestation, algorithm: key)
        var parts = try AttestationParts(registration.attestationObject)
        try change(&parts, registration)
        return try await postAttestationObject(server, registration, parts.encoded)
    }

    /// Posts `registration` with `attestationObject` instead of its own, as the tools send it.
    static func postAttestationObject(
        _ server: ConformanceServer,
        _ registration: VirtualRegistration,
        _ attestationObject: [UInt8]
    ) async throws -> ConformanceAnswer {
        var object = try toolShape(registration)
        var response = object["response"] as? [String: Any] ?? [:]
        response["attestationObject"] = Base64URL.encode(attestationObject)
        object["response"] = response
        return try await server.post("/attestation/result", object)
    }

    /// The attestation object of a `none` registration with `change` applied to its authenticator data.
    static func editedAuthenticatorData(
        _ code: String,
        _ change: @escaping @Sendable ([UInt8]) -> [UInt8]
    ) -> ConformanceCase {
        fails(code) { server in
            try await editedAttestation(server, ConformanceServer.authenticator(), attestation: "none") { parts, _ in
                parts.authenticatorData = .byteString(change(parts.authenticatorDataBytes))
            }
        }
    }

    /// `bytes` with the flags byte (offset 32, WebAuthn §6.1) changed by `change`.
    static func flags(_ bytes: [UInt8], _ change: (UInt8) -> UInt8) -> [UInt8] {
        guard bytes.count > 32 else { return bytes }
        var bytes = bytes
        bytes[32] = change(bytes[32])
        return bytes
    }

    /// A packed self-attesting authenticator.
    static var packedSelfAuthenticator: VirtualAuthenticator {
        ConformanceServer.authenticator(attestation: .packedSelf)
    }

    /// A packed self registration whose statement `change` edits, which must fail with `code`.
    static func editedPackedSelf(_ code: String, _ change: @escaping @Sendable (inout AttestationParts) -> Void)
        -> ConformanceCase
    {
        fails(code) { server in
            try await editedAttestation(server, packedSelfAuthenticator) { parts, _ in change(&parts) }
        }
    }

    static let attestationObject: [String: ConformanceCase] = suite(
        ConformanceTestList.attestationObject,
        [
            (
                "P-1",
                succeeds { server in
                    var authenticator = packedSelfAuthenticator
                    authenticator.extensions = CBORMap(entries: [
                        CBORMap.Entry(key: .textString("credProtect"), value: CBORValue(integer: 1))
                    ])
                    let registration = try await server.registration(with: &authenticator)
                    return try await server.post("/attestation/result", try toolShape(registration))
                }
            ),
            (
                "F-1",
                fails("malformedInput") { server in
                    var authenticator = ConformanceServer.authenticator()
                    let registration = try await server.registration(with: &authenticator, attestation: "none")
                    return try await postAttestationObject(
                        server, registration, CBOREncoder.encode(.array([.textString("fmt"), .textString("none")])))
                }
            ),
            ("F-2", editedNone("malformedInput") { $0.format = nil }),
            ("F-3", editedNone("malformedInput") { $0.format = CBORValue(integer: 7) }),
            ("F-4", editedNone("malformedInput") { $0.statement = nil }),
            ("F-5", editedNone("malformedInput") { $0.statement = .array([]) }),
            ("F-6", editedNone("malformedInput") { $0.authenticatorData = nil }),
            ("F-7", editedNone("malformedInput") { $0.authenticatorData = .textString("authData") }),
            ("F-8", editedNone("malformedAuthenticatorData") { $0.authenticatorData = .byteString([]) }),
            ("F-9", editedAuthenticatorData("malformedAuthenticatorData") { flags($0) { $0 & ~0x40 } }),
            (
                "F-10",
                editedAuthenticatorData("missingAttestedCredentialData") { flags(Array($0.prefix(37))) { $0 & ~0x40 } }
            ),
            ("F-11", editedAuthenticatorData("malformedAuthenticatorData") { Array($0.prefix(37)) }),
            ("F-12", editedAuthenticatorData("malformedAuthenticatorData") { $0 + [0x00, 0x01, 0x02] }),
            ("F-13", editedPackedSelf("invalidAttestationStatement") { $0.statement = .map(CBORMap(entries: [])) }),
            ("F-14", editedPackedSelf("invalidAttestationStatement") { $0.setStatement("alg", nil) }),
            ("F-15", editedPackedSelf("invalidAttestationStatement") { $0.setStatement("alg", .textString("ES256")) }),
            (
                "F-16",
                .executable(
                    .failsNaming(
                        "untrustedAttestation", "signed with ES384 on P-384, which the metadata statement"),
                    play: { server in
                        var authenticator = ConformanceServer.authenticator(
                            attestation: server.metadata.packedES384, aaguid: ConformanceMetadata.algorithmAAGUID)
                        let registration = try await server.registration(with: &authenticator)
                        return try await server.post("/attestation/result", try toolShape(registration))
                    })
            ),
            ("F-17", editedPackedSelf("invalidAttestationStatement") { $0.setStatement("sig", nil) }),
            ("F-18", editedPackedSelf("invalidAttestationStatement") { $0.setStatement("sig", .textString("sig")) }),
            ("F-19", editedPackedSelf("invalidSignature") { $0.setStatement("sig", .byteString([])) }),
        ])

    /// A `none` registration whose attestation object `change` edits, which must fail with `code`.
    static func editedNone(
        _ code: String,
        _ change: @escaping @Sendable (inout AttestationParts) -> Void
    ) -> ConformanceCase {
        fails(code) { server in
            try await editedAttestation(server, ConformanceServer.authenticator(), attestation: "none") { parts, _ in
                change(&parts)
            }
        }
    }
}
#endif
