#if PostgreSQL
    import Foundation
    import PasskeyVerifierPostgres
    import PostgresNIO

    /// The PostgreSQL server the tests run against: `PASSKEY_POSTGRES_URL`
    /// (`postgres://user:password@host:port/database`). Each use gets a fresh PostgreSQL schema (namespace), so
    /// tests start from an empty database and may run at once.
    enum PostgresTestServer {
        static let urlVariable = "PASSKEY_POSTGRES_URL"

        /// Why the server cannot be used, or `nil` when it answers.
        static let unavailability = Task<String?, Never> { await probe() }

        /// Whether the PostgreSQL tests run: yes when the server answers, and also under `CI=true`, where they
        /// then fail with the reason; otherwise they are skipped after printing why.
        static func shouldRun() async -> Bool {
            await decision.value
        }

        /// ``shouldRun()``'s answer, decided (and its reason printed) once per process.
        private static let decision = Task<Bool, Never> {
            guard let reason = await unavailability.value else { return true }
            let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
            print("PostgreSQL store tests \(isCI ? "fail" : "are skipped"): \(reason)")
            return isCI
        }

        /// The client configuration `PASSKEY_POSTGRES_URL` names, its `search_path` set to `schema`.
        static func configuration(schema: String?) throws -> PostgresClient.Configuration {
            guard let text = ProcessInfo.processInfo.environment[urlVariable] else {
                throw Unavailable(reason: "\(urlVariable) is not set")
            }
            guard let url = URLComponents(string: text), url.scheme == "postgres" || url.scheme == "postgresql",
                let host = url.host, let user = url.user
            else {
                throw Unavailable(reason: "\(urlVariable) is not a postgres://user:password@host:port/database URL")
            }
            let database = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
            var configuration = PostgresClient.Configuration(
                host: host,
                port: url.port ?? 5432,
                username: user,
                password: url.password,
                database: database.isEmpty ? nil : database,
                tls: .disable
            )
            configuration.options.connectTimeout = .seconds(5)
            // Many pools run at once, several for the whole process and with transactions that each hold a connection
            // while they run: a few connections each, closed soon once idle, keep them under the server's
            // `max_connections` (100 by default), past which a pool's new connections fail and its queries stall.
            configuration.options.maximumConnections = 4
            configuration.options.connectionIdleTimeout = .seconds(5)
            if let schema {
                configuration.options.additionalStartupParameters = [("search_path", schema)]
            }
            return configuration
        }

        /// Connects, checks the server answers, and returns `nil`, or the reason it does not.
        static func probe() async -> String? {
            do {
                try await withClient(schema: nil) { client in
                    try await client.query("SELECT 1").collect()
                }
                return nil
            } catch let error as Unavailable {
                return error.reason
            } catch {
                let url = ProcessInfo.processInfo.environment[urlVariable] ?? ""
                return "cannot reach PostgreSQL at \(url): \(String(reflecting: error))"
            }
        }

        /// Runs `body` with a running client whose `search_path` is `schema`, then stops the client.
        @discardableResult
        static func withClient<Result: Sendable>(
            schema: String?,
            _ body: (PostgresClient) async throws -> Result
        ) async throws -> Result {
            let client = PostgresClient(configuration: try configuration(schema: schema))
            let running = Task { await client.run() }
            defer { running.cancel() }
            return try await body(client)
        }

        /// Creates a new, empty PostgreSQL schema and returns its name.
        static func makeSchema() async throws -> String {
            let name = "passkey_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try await withClient(schema: nil) { client in
                try await client.query("CREATE SCHEMA \(unescaped: name)").collect()
            }
            return name
        }

        /// Runs `body` with a running client in a new, empty schema.
        static func withFreshSchema<Result: Sendable>(
            _ body: (PostgresClient, String) async throws -> Result
        ) async throws -> Result {
            if let reason = await unavailability.value {
                throw Unavailable(reason: reason)
            }
            let schema = try await makeSchema()
            let result = try await withClient(schema: schema) { client in try await body(client, schema) }
            try await withClient(schema: nil) { client in
                try await client.query("DROP SCHEMA \(unescaped: schema) CASCADE").collect()
            }
            return result
        }

        /// The server is not usable, and why.
        struct Unavailable: Error, CustomStringConvertible {
            let reason: String
            var description: String { "PostgreSQL is unavailable: \(reason)" }
        }
    }
#endif
