import Foundation
import Testing

/// Hostile inputs end with an exit status of 1 or 2 and a result, never with a signal.
@Suite struct HostileInputTests {
    static let registration = [
        "registration", "--rp-id", "example.org", "--origin", "https://example.org", "--challenge", "AAAA",
    ]
    static let authentication = [
        "authentication", "--rp-id", "example.org", "--origin", "https://example.org", "--challenge", "AAAA",
        "--public-key",
        "pQECAyYgASFYIBzyfyXaWRIIpCOcLjJPEE9YVSVHmint7t2DD0jneurlIlggWeS32mwBBuIGzjkMk6uYoVpew4h-V_DMK-zoA7kgxCM",
    ]

    /// Deterministic pseudo-random bytes.
    static func garbage(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    static let inputs: [(String, [UInt8])] = [
        ("empty", []),
        ("binary garbage", garbage(count: 4096, seed: 1)),
        ("NUL bytes", [UInt8](repeating: 0, count: 100)),
        ("invalid UTF-8 in JSON", Array("{\"id\":\"".utf8) + [0xFF, 0xFE] + Array("\"}".utf8)),
        ("deeply nested arrays", Array(String(repeating: "[", count: 100_000).utf8)),
        ("deeply nested objects", Array(String(repeating: "{\"a\":", count: 50_000).utf8)),
        ("a 2 MiB line", Array(("{\"id\":\"" + String(repeating: "A", count: 2 * 1_048_576) + "\"}").utf8)),
        ("wrong types", Array("{\"id\":1,\"rawId\":[],\"type\":null,\"response\":\"x\"}".utf8)),
    ]

    @Test(arguments: inputs.map(\.0))
    func singleCeremonyCommandsRejectWithMalformedInput(_ name: String) throws {
        let input = try #require(Self.inputs.first { $0.0 == name }).1
        for arguments in [Self.registration, Self.authentication] {
            let result = try CLIRunner.run(arguments, input: input)
            #expect(result.exited, "\(name): killed by signal \(result.status)")
            #expect(result.status == 1, "\(name)")
            #expect(result.errorCode == "malformedInput", "\(name)")
        }
    }

    @Test(arguments: inputs.map(\.0))
    func batchAnswersEveryLine(_ name: String) throws {
        let input = try #require(Self.inputs.first { $0.0 == name }).1
        let result = try CLIRunner.run(["batch"], input: input)
        #expect(result.exited, "\(name): killed by signal \(result.status)")
        #expect(result.status == 0, "\(name)")
        let lineCount =
            input.isEmpty ? 0 : input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        #expect(result.lines.count == lineCount, "\(name)")
        #expect(result.jsonLines.allSatisfy { $0["verified"] as? Bool == false }, "\(name)")
    }

    @Test(arguments: inputs.map(\.0))
    func inspectReportsAnError(_ name: String) throws {
        let input = try #require(Self.inputs.first { $0.0 == name }).1
        let result = try CLIRunner.run(["inspect", "--json"], input: input)
        #expect(result.exited, "\(name): killed by signal \(result.status)")
        #expect(result.status == 1, "\(name)")
        #expect(result.standardOutput.contains("\"code\""), "\(name)")
    }

    @Test func replayOfAHostileFileDiffersWithoutCrashing() throws {
        let folder = try TestFixtures.temporaryDirectory()
        for (index, input) in Self.inputs.enumerated() {
            try Data(input.1).write(to: folder.appendingPathComponent("hostile-\(index).json"))
        }
        let result = try CLIRunner.run(["replay", folder.path])
        #expect(result.exited)
        #expect(result.status == 1)
        #expect(result.lines.last == "\(Self.inputs.count) ceremonies: 0 matched, \(Self.inputs.count) differed")
    }
}
