#if Server
import Foundation
import Testing

/// `Docs/Server.md`'s options tables are `passkey-server serve --help` with the details: every option the built
/// server lists has a row, and every row names an option the server lists.
@Suite struct ServerHelpDocumentationTests {
    /// The repository's root, from this file's path.
    static let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Docs/Server.md` of the repository.
    static let document = packageDirectory.appendingPathComponent("Docs/Server.md")

    /// The `passkey-server` executable, found next to the test bundle (`.build/<configuration>/`); the test target
    /// depends on it, so it is built with the tests.
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
            let url = directory.appendingPathComponent("passkey-server")
            if FileManager.default.isExecutableFile(atPath: url.path) {
                return url
            }
        }
        return packageDirectory.appendingPathComponent(".build/debug/passkey-server")
    }()

    /// The standard output of `passkey-server serve --help`, which must exit 0.
    static func help() throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--help"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "passkey-server serve --help exited \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    /// The long options the help lists: the first name of each entry of OPTIONS (two spaces in, `--name`, or
    /// `-h, --name`), without `--help`. A wrapped description is indented further, so an option it mentions is not
    /// an entry.
    static func helpOptions() throws -> Set<String> {
        let entry = try Regex(#"^ {2}(?:-[A-Za-z], )?(--[a-z0-9][a-z0-9-]*)"#).anchorsMatchLineEndings()
        let options = try help().matches(of: entry).compactMap { $0.output[1].substring.map(String.init) }
        return Set(options).subtracting(["--help"])
    }

    /// The options at the start of a row of `Docs/Server.md` (`| \`--option\` | default | what it does |`).
    static func tabulatedOptions() throws -> Set<String> {
        let text = try String(contentsOf: document, encoding: .utf8)
        let row = try Regex(#"^\| `(--[a-z0-9][a-z0-9-]*)` \|"#).anchorsMatchLineEndings()
        return Set(text.matches(of: row).compactMap { $0.output[1].substring.map(String.init) })
    }

    @Test func everyOptionOfTheHelpHasARowInTheDocument() throws {
        let listed = try Self.helpOptions()
        #expect(listed.isSuperset(of: ["--rp-id", "--origin", "--port", "--database"]), "the help was not read")
        let missing = listed.subtracting(try Self.tabulatedOptions()).sorted()
        #expect(missing == [], "options of passkey-server serve --help without a row in Docs/Server.md: \(missing)")
    }

    @Test func everyRowOfTheDocumentNamesAnOptionOfTheHelp() throws {
        let tabulated = try Self.tabulatedOptions()
        #expect(tabulated.contains("--rp-id"), "the options tables were not read")
        let unknown = tabulated.subtracting(try Self.helpOptions()).sorted()
        #expect(unknown == [], "rows of Docs/Server.md naming no option of passkey-server serve --help: \(unknown)")
    }
}
#endif
