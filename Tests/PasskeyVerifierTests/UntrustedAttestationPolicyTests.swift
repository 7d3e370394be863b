import Foundation
import PasskeyCrypto
import PasskeyVerifier
import Testing

/// `UntrustedAttestationPolicy` (§7.1 `#reg-ceremony-assess-trust`): an attestation chain that reaches no anchor is
/// rejected or reported, and nothing but the chain's trust is ever waived.
@Suite struct UntrustedAttestationPolicyTests {
    static let untrusted = WebAuthnError(.untrustedAttestation, "")

    /// packed-es256 verified with the built-in anchors only, which do not include the W3C test root.
    static func packedWithoutItsRoot(_ policy: UntrustedAttestationPolicy) throws -> RegistrationCeremony {
        try RegistrationCeremony.packedES256().with {
            $0.trustAnchors = .builtIn
            $0.expectations.untrustedAttestationPolicy = policy
        }
    }

    @Test func aChainToATrustAnchorIsTrusted() throws {
        let verified = try RegistrationCeremony.packedES256().verify()
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.attestationTrust.isTrustworthy)
    }

    @Test func noneAndSelfAttestationHaveNoTrustPath() throws {
        #expect(try RegistrationCeremony.noneES256.verify().attestationTrust == .noTrustPath)
        #expect(try RegistrationCeremony.packedSelfES256().verify().attestationTrust == .noTrustPath)
    }

    @Test func anUntrustedChainIsRejectedByDefault() throws {
        #expect(
            RegistrationExpectations(
                relyingPartyID: "a.example", origins: [], challenge: [], verificationInstant: Date()
            ).untrustedAttestationPolicy == .reject)
        #expect(throws: Self.untrusted) { try Self.packedWithoutItsRoot(.reject).verify() }
    }

    @Test func anUntrustedChainIsReportedAndKeptWhenAccepted() throws {
        let ceremony = try Self.packedWithoutItsRoot(.acceptAsUnverified)
        let verified = try ceremony.verify()
        guard case .unverified(let reason) = verified.attestationTrust else {
            Issue.record("expected an unverified attestation, got \(verified.attestationTrust)")
            return
        }
        #expect(reason.contains("packed"))
        #expect(!verified.attestationTrust.isTrustworthy)
        #expect(verified.attestationType == .basic)
        #expect(verified.trustPath.map(\.derEncoded) == (try ceremony.x5c()))
    }

    @Test func aChainNotYetValidIsReportedAsUnverifiedWhenAccepted() throws {
        let ceremony = try RegistrationCeremony.packedES256().with {
            $0.expectations.verificationInstant = Date(timeIntervalSince1970: 1_600_000_000)
        }
        #expect(throws: Self.untrusted) { try ceremony.verify() }
        let accepted = try ceremony.with { $0.expectations.untrustedAttestationPolicy = .acceptAsUnverified }.verify()
        #expect(!accepted.attestationTrust.isTrustworthy)
    }

    @Test func aBadAttestationSignatureFailsUnderEitherPolicy() throws {
        for policy in UntrustedAttestationPolicy.allCases {
            let ceremony = try RegistrationCeremony.packedES256(statement: { signature, x5c in
                var tampered = signature
                tampered[tampered.count - 1] ^= 0x01
                return [
                    ("alg", .negativeInteger(6)), ("sig", .byteString(tampered)),
                    ("x5c", .array(x5c.map { .byteString($0) })),
                ]
            }).with {
                $0.trustAnchors = .builtIn
                $0.expectations.untrustedAttestationPolicy = policy
            }
            #expect(throws: WebAuthnError(.invalidSignature, ""), "\(policy)") { try ceremony.verify() }
        }
    }

    @Test func theRelyingPartyAcceptsUnverifiedAttestationOnlyWhenItAskedForNone() throws {
        func policy(_ change: (inout RelyingPartyConfiguration) -> Void) -> UntrustedAttestationPolicy {
            var configuration = RelyingPartyConfiguration(
                relyingPartyID: "example.com",
                relyingPartyName: "Example",
                origins: ["https://example.com"]
            )
            change(&configuration)
            return configuration.effectiveUntrustedAttestationPolicy
        }
        #expect(policy { _ in } == .acceptAsUnverified)
        #expect(policy { $0.attestation = .indirect } == .acceptAsUnverified)
        #expect(policy { $0.attestation = .direct } == .reject)
        #expect(policy { $0.attestation = .enterprise } == .reject)
        let root = try W3CVectors.testRootAnchors()
        #expect(root.includesHostAnchors)
        #expect(!AttestationTrustAnchors.builtIn.includesHostAnchors)
        #expect(policy { $0.trustAnchors = root } == .reject)
        #expect(
            policy {
                $0.attestation = .direct; $0.untrustedAttestationPolicy = .acceptAsUnverified
            } == .acceptAsUnverified)
        #expect(policy { $0.untrustedAttestationPolicy = .reject } == .reject)
    }
}
