import Foundation
import PasskeyVerifierTesting
import Testing

/// Every recorded ceremony in `Fixtures/` run through `passkey-verify registration` or `authentication`, with
/// the server's inputs given as separate-argument flags (`--challenge VALUE`), must reach its expected verdict:
/// the single-ceremony commands read every field the way `batch` and `replay` do.
@Suite struct FixtureFlagsTests {
    /// The command line a fixture's fields describe, the response itself read from standard input.
    static func arguments(_ ceremony: RecordedCeremony, in directory: URL) throws -> [String] {
        var arguments = [ceremony.kind.rawValue, "--rp-id", ceremony.rpId]
        for origin in ceremony.origins {
            arguments += ["--origin", origin]
        }
        arguments += ["--challenge", ceremony.challenge]
        if ceremony.requireUserVerification == true {
            arguments.append("--require-user-verification")
        }
        for topOrigin in ceremony.topOrigins ?? [] {
            arguments += ["--top-origin", topOrigin]
        }
        for algorithm in ceremony.algorithms ?? [] {
            arguments += ["--algorithm", String(algorithm)]
        }
        if let minimumChallengeLength = ceremony.minimumChallengeLength {
            arguments += ["--minimum-challenge-length", String(minimumChallengeLength)]
        }
        switch ceremony.kind {
        case .registration:
            if let at = ceremony.at {
                arguments += ["--at", at]
            }
            if let policy = ceremony.untrustedAttestationPolicy {
                arguments += ["--untrusted-attestation-policy", policy]
            }
            for (index, anchor) in (ceremony.trustAnchors ?? []).enumerated() {
                let file = directory.appendingPathComponent("anchor-\(index).pem")
                try Data(anchor.utf8).write(to: file)
                arguments += ["--trust-anchor", file.path]
            }
        case .authentication:
            arguments += ["--public-key", try #require(ceremony.publicKey)]
            if let signCount = ceremony.signCount {
                arguments += ["--sign-count", String(signCount)]
            }
            if let credentialId = ceremony.credentialId {
                arguments += ["--credential-id", credentialId]
            }
            if let backupEligible = ceremony.backupEligible {
                arguments.append(backupEligible ? "--backup-eligible" : "--no-backup-eligible")
            }
        }
        return arguments
    }

    @Test func everyFixtureIsCovered() {
        #expect(TestFixtures.allFiles().count >= 90)
    }

    @Test(arguments: TestFixtures.allFiles())
    func fixtureVerifiesAsRecordedThroughItsCommand(_ url: URL) throws {
        let relativePath = String(url.path.dropFirst(CLIRunner.fixturesDirectory.path.count + 1))
        let ceremony = try TestFixtures.ceremony(relativePath)
        let expectation = try #require(ceremony.expected, "\(relativePath) records no expectation")
        let directory = try TestFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        let result = try CLIRunner.run(
            try Self.arguments(ceremony, in: directory),
            input: try TestFixtures.response(relativePath)
        )
        #expect(result.status == (expectation.verified ? 0 : 1), "\(relativePath): \(result.standardError)")
        try #require(!result.standardOutput.isEmpty, "\(relativePath) printed no verdict: \(result.standardError)")
        let outcome = try JSONDecoder().decode(CeremonyOutcome.self, from: Data(result.standardOutput.utf8))
        let replay = ReplayResult(name: relativePath, kind: ceremony.kind, outcome: outcome, expectation: expectation)
        #expect(replay.matched, "\(relativePath): \(replay.differences.joined(separator: "; "))")
    }
}
