#if Server
import Foundation
@testable import passkey_server
import PasskeyHummingbird
import PostgresNIO
import Testing

#if PostgreSQL
#endif

/// TLS to PostgreSQL is on and verified by default for a host that is not this machine, `sslmode` is honoured and
/// never falls back silently to plain text to another host, and the database URL (its password) can come from an
/// environment variable or a file instead of the command line.
@Suite struct DatabaseConnectionSecurityTests {
    @Test func theTLSModeFollowsSSLModeAndTheHost() throws {
        let remote = ["db.example.com", "10.0.0.5", "2001:db8::1"]
        let loopback = ["localhost", "127.0.0.1", "127.1.2.3", "::1"]
        for host in remote {
            #expect(try PostgresTLSMode(sslMode: nil, host: host) == .verifyFull)
            #expect(try PostgresTLSMode(sslMode: "disable", host: host) == .disable)
            #expect(try PostgresTLSMode(sslMode: "require", host: host) == .require)
            #expect(try PostgresTLSMode(sslMode: "verify-ca", host: host) == .verifyCA)
            #expect(try PostgresTLSMode(sslMode: "verify-full", host: host) == .verifyFull)
            for mode in ["prefer", "allow"] {
                let error = #expect(throws: ServerConfigurationError.self) {
                    try PostgresTLSMode(sslMode: mode, host: host)
                }
                #expect(error?.message.contains("fall back to an unencrypted connection") == true)
            }
        }
        for host in loopback {
            #expect(try PostgresTLSMode(sslMode: nil, host: host) == .disable)
            #expect(try PostgresTLSMode(sslMode: "prefer", host: host) == .prefer)
            #expect(try PostgresTLSMode(sslMode: "allow", host: host) == .prefer)
            #expect(try PostgresTLSMode(sslMode: "verify-full", host: host) == .verifyFull)
        }
        for mode in ["", "on", "VERIFY-FULL", "verify_full"] {
            #expect(throws: ServerConfigurationError.self) {
                try PostgresTLSMode(sslMode: mode, host: "db.example.com")
            }
        }
    }

    #if PostgreSQL
    @Test func theURLsTLSModeAndCertificateChecks() throws {
        #expect(try PostgresConnectionURL.tlsMode("postgres://u:p@db.example.com/passkeys") == .verifyFull)
        #expect(try PostgresConnectionURL.tlsMode("postgres://u:p@127.0.0.1:5432/passkeys") == .disable)
        #expect(try PostgresConnectionURL.tlsMode("postgresql://u@[::1]/passkeys") == .disable)
        #expect(try PostgresConnectionURL.tlsMode("postgres://u:p@db.example.com/p?sslmode=require") == .require)
        #expect(try PostgresConnectionURL.tlsMode("postgres://u:p@db.example.com/p?sslmode=verify-ca") == .verifyCA)
        #expect(
            try PostgresConnectionURL.tlsMode("postgres://u:p@db.example.com/p?sslmode=require&sslrootcert=ca.pem")
                == .verifyCA)
        // The system's roots mean a check: with a mode that would skip it, the URL is refused, as libpq 16 does.
        #expect(throws: ServerConfigurationError.self) {
            try PostgresConnectionURL.tlsMode("postgres://u:p@db.example.com/p?sslmode=require&sslrootcert=system")
        }
        #expect(
            try PostgresConnectionURL.tlsMode(
                "postgres://u:p@db.example.com/p?sslmode=verify-full&sslrootcert=system") == .verifyFull)
        #expect(try PostgresConnectionURL.tlsMode("postgres://u:p@localhost/p?sslmode=verify-full") == .verifyFull)
        #expect(throws: ServerConfigurationError.self) {
            try PostgresConnectionURL.configuration("postgres://u:p@db.example.com/p?sslmode=prefer")
        }
        #expect(throws: ServerConfigurationError.self) {
            try PostgresConnectionURL.connectionConfiguration("postgres://u:p@db.example.com/p?sslmode=bogus")
        }
        #expect(PostgresConnectionURL.tlsConfiguration(.verifyFull).certificateVerification == .fullVerification)
        #expect(
            PostgresConnectionURL.tlsConfiguration(.verifyCA).certificateVerification == .noHostnameVerification)
        #expect(PostgresConnectionURL.tlsConfiguration(.require).certificateVerification == .none)
        #expect(PostgresConnectionURL.tlsConfiguration(.prefer).certificateVerification == .none)
        #expect(
            PostgresConnectionURL.tlsConfiguration(.verifyFull, rootCertificatePath: "/etc/db-ca.pem").trustRoots
                == .file("/etc/db-ca.pem"))
        let configuration = try PostgresConnectionURL.connectionConfiguration(
            "postgres://u:p@db.example.com/passkeys")
        #expect(configuration.host == "db.example.com")
    }
    #endif

    @Test func theDatabaseComesFromAnEnvironmentVariable() throws {
        let url = "postgres://passkeys:s3cret@db.example.com/passkeys"
        let environment = ["PASSKEY_DATABASE_URL": "  \(url)\n", "EMPTY": " \n", "TWO": "a\nb"]
        #expect(
            try DatabaseLocation(environmentVariable: "PASSKEY_DATABASE_URL", environment: environment)
                == .postgres(url: url))
        for name in ["MISSING", "EMPTY", "TWO"] {
            let error = #expect(throws: ServerConfigurationError.self) {
                try DatabaseLocation(environmentVariable: name, environment: environment)
            }
            #expect(error?.message.hasPrefix("--database-env \(name)") == true)
        }
        // A URL that is not read as one (quoted, a typo in the scheme) is refused without being shown.
        for value in [#""postgres://u:s3cret@h/db""#, "postgress://u:s3cret@h/db", "u:s3cret@h/db"] {
            let refused = #expect(throws: ServerConfigurationError.self) {
                try DatabaseLocation(environmentVariable: "V", environment: ["V": value])
            }
            #expect(refused?.message.contains("s3cret") == false)
        }
        let long = ["LONG": "postgres://u:" + String(repeating: "s", count: 5000) + "@h/db"]
        let error = #expect(throws: ServerConfigurationError.self) {
            try DatabaseLocation(environmentVariable: "LONG", environment: long)
        }
        #expect(error?.message.contains("ssss") == false)
    }

    @Test func theDatabaseComesFromAFile() throws {
        let directory = FileManager.default.temporaryDirectory
        let file = directory.appendingPathComponent("passkey-database-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let url = "postgresql://passkeys:s3cret@db.example.com:6432/passkeys?sslmode=verify-full"
        try Data("\(url)\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try DatabaseLocation(file: file) == .postgres(url: url))
        try Data("data/passkeys.sqlite\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try DatabaseLocation(file: file) == .sqlite(path: "data/passkeys.sqlite"))
        try Data("postgres://u:s3cret@h/a\npostgres://u:s3cret@h/b\n".utf8).write(to: URL(fileURLWithPath: file))
        let twoLines = #expect(throws: ServerConfigurationError.self) { try DatabaseLocation(file: file) }
        #expect(twoLines?.message.contains("s3cret") == false)
        try Data().write(to: URL(fileURLWithPath: file))
        #expect(throws: ServerConfigurationError.self) { try DatabaseLocation(file: file) }
        #expect(throws: ServerConfigurationError.self) { try DatabaseLocation(file: file + "-missing") }
    }

    @Test func aPasswordInTheURLIsNoticed() {
        #expect(DatabaseLocation(argument: "postgres://u:s3cret@db.example.com/p").hasPassword)
        #expect(!DatabaseLocation(argument: "postgres://u@db.example.com/p").hasPassword)
        #expect(!DatabaseLocation(argument: "passkeys.sqlite").hasPassword)
    }
}
#endif
