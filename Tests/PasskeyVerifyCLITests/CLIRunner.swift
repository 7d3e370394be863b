import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Runs the built `passkey-verify` executable as a child process, with pipes for its three streams.
enum CLIRunner {
    /// What one run produced.
    struct Result {
        /// The exit status, or the signal number when `exited` is false.
        let status: Int32
        /// Whether the process exited (rather than being killed by a signal).
        let exited: Bool
        let standardOutput: String
        let standardError: String

        /// Standard output parsed as one JSON object.
        var json: [String: Any]? {
            guard let data = standardOutput.data(using: .utf8) else { return nil }
            return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        }

        /// Standard output split into non-empty lines.
        var lines: [String] {
            standardOutput.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }

        /// Each output line parsed as a JSON object.
        var jsonLines: [[String: Any]] {
            lines.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }
        }

        /// The `error.code` of the printed result object.
        var errorCode: String? {
            (json?["error"] as? [String: Any])?["code"] as? String
        }
    }

    /// The package's root folder.
    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Fixtures/` of the package.
    static let fixturesDirectory = packageDirectory.appendingPathComponent("Fixtures")

    /// The executable, found next to the test bundle (`.build/<configuration>/`).
    static let executable: URL = {
        var candidates: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        candidates.append(packageDirectory.appendingPathComponent(".build/debug"))
        for directory in candidates {
            let url = directory.appendingPathComponent("passkey-verify")
            if FileManager.default.isExecutableFile(atPath: url.path) {
                return url
            }
        }
        return packageDirectory.appendingPathComponent(".build/debug/passkey-verify")
    }()

    /// Runs `passkey-verify arguments...`, feeding `input` on standard input through a pipe.
    static func run(_ arguments: [String], input: [UInt8] = []) throws -> Result {
        // The child may exit without reading its input; writing to the closed pipe must fail, not kill us.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageDirectory
        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()

        let collected = Collected()
        let group = DispatchGroup()
        let inputData = Data(input)
        let writer = standardInput.fileHandleForWriting
        DispatchQueue.global().async(group: group) {
            try? writer.write(contentsOf: inputData)
            try? writer.close()
        }
        let outputReader = standardOutput.fileHandleForReading
        DispatchQueue.global().async(group: group) {
            collected.setOutput(outputReader.readDataToEndOfFile())
        }
        let errorReader = standardError.fileHandleForReading
        DispatchQueue.global().async(group: group) {
            collected.setError(errorReader.readDataToEndOfFile())
        }
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            exited: process.terminationReason == .exit,
            standardOutput: String(decoding: collected.output, as: UTF8.self),
            standardError: String(decoding: collected.error, as: UTF8.self)
        )
    }

    /// What the reader threads collected.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var outputData = Data()
        private var errorData = Data()

        var output: Data { lock.withLock { outputData } }
        var error: Data { lock.withLock { errorData } }

        func setOutput(_ data: Data) { lock.withLock { outputData = data } }
        func setError(_ data: Data) { lock.withLock { errorData = data } }
    }
}

/// Fixture access for the CLI tests.
enum TestFixtures {
    /// A fixture as a JSON object.
    static func object(_ relativePath: String) throws -> [String: Any] {
        let data = try Data(contentsOf: CLIRunner.fixturesDirectory.appendingPathComponent(relativePath))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A fixture as a ``RecordedCeremony``.
    static func ceremony(_ relativePath: String) throws -> RecordedCeremony {
        try RecordedCeremony.load(contentsOf: CLIRunner.fixturesDirectory.appendingPathComponent(relativePath))
    }

    /// The `response` member of a fixture as JSON bytes, the document a client sends.
    static func response(_ relativePath: String) throws -> [UInt8] {
        let response = try #require(try object(relativePath)["response"])
        return Array(try JSONSerialization.data(withJSONObject: response))
    }

    /// A string member of a fixture.
    static func string(_ relativePath: String, _ member: String) throws -> String {
        try #require(try object(relativePath)[member] as? String)
    }

    /// A fixture as one compact JSON line.
    static func line(_ relativePath: String) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: try object(relativePath))
        return String(decoding: data, as: UTF8.self)
    }

    /// Every fixture file, sorted.
    static func allFiles() -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: CLIRunner.fixturesDirectory, includingPropertiesForKeys: nil)
        else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    /// A fresh temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "passkey-verify-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a new temporary file and returns its path.
    static func temporaryFile(_ text: String, name: String = "input.json") throws -> String {
        let url = try temporaryDirectory().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
