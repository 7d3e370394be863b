#if Server
import Foundation
import Testing

/// `passkey-server serve` keeps its options' names, units and defaults, turns them into the configuration's
/// `Duration`s once, and refuses a value `ServerConfiguration.validate()` refuses as a usage error (exit 64) naming
/// the option, before any database is created.
@Suite struct ServeOptionValidationTests {
    /// What a start of `passkey-server serve` with `arguments` printed and its exit status; it is stopped after 30 s.
    static func start(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = ServerHelpDocumentationTests.executable
        process.arguments = ["serve"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let watchdog = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The help of each time span's option, its whitespace folded: its unit and its default are unchanged.
    @Test func theTimeSpanOptionsKeepTheirUnitsAndDefaults() throws {
        let help = try ServerHelpDocumentationTests.help().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for entry in [
            "--session-idle-timeout <session-idle-timeout> Seconds after which an unused session ends. "
                + "(default: 86400)",
            "--session-lifetime <session-lifetime> Seconds after which a session ends in any case. (default: 2592000)",
            "--idle-timeout <idle-timeout> Seconds an idle connection is kept open. (default: 30)",
            "--body-deadline <body-deadline> Seconds from a request's head to the end of its body. (default: 10)",
            "--store-deadline <store-deadline> Seconds a database call may take before the request fails with 503 "
                + "storeUnavailable. (default: 5.0)",
        ] {
            #expect(help.contains(entry), "\(entry)")
        }
    }

    @Test func aValueTheConfigurationRefusesIsAUsageErrorBeforeTheDatabase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-options-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("passkeys.sqlite").path
        let key = directory.appendingPathComponent("key").path
        try Data(repeating: 7, count: 32).write(to: URL(fileURLWithPath: key))
        let base = ["--rp-id", "localhost", "--origin", "http://localhost:8080", "--database", database, "--port", "0"]
        let refusals: [([String], String)] = [
            (["--session-idle-timeout", "0"], "sessionIdleTimeout (--session-idle-timeout) is 0.0 seconds"),
            (["--session-lifetime=-5"], "sessionLifetime (--session-lifetime) is -5.0 seconds"),
            (["--idle-timeout", "0"], "abuseLimits.idleTimeout (--idle-timeout) is 0.0 seconds"),
            (["--body-deadline=-1"], "abuseLimits.requestBodyDeadline (--body-deadline) is -1.0 seconds"),
            (["--store-deadline=-0.5"], "abuseLimits.storeCallDeadline (--store-deadline) is -0.5 seconds"),
            (["--store-deadline", "nan"], "--store-deadline must be a number of seconds"),
            (["--max-passkeys", "0"], "maximumPasskeysPerAccount (--max-passkeys) is 0; it must be at least 1"),
            (["--max-connections-per-client", "0"], "(--max-connections-per-client) is 0"),
            (["--max-pending-challenges", "0"], "(--max-pending-challenges) is 0"),
            (["--concealment-key-file", key], "needs concealsUnknownUsernames (--conceal-unknown-usernames)"),
            (["--appid", "http://localhost/appid.json"], "appID (--appid) must be an https URL"),
            (["--apple-keys", "http://appleid.apple.com/auth/keys"], "appleKeysURL (--apple-keys)"),
            (
                [
                    "--metadata", database + ".jwt", "--metadata-policy", "accept-unverified",
                    "--minimum-certification", "L2",
                ],
                "(--minimum-certification) needs metadata.policy refuse"
            ),
        ]
        for (arguments, message) in refusals {
            let (status, output) = try Self.start(base + arguments)
            #expect(status == 64, "\(arguments): exit \(status): \(output)")
            #expect(output.contains(message), "\(arguments): \(output)")
            #expect(!FileManager.default.fileExists(atPath: database), "\(arguments) created the database")
        }
    }
}
#endif
