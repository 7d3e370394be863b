// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "PasskeyServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "passkey-server", targets: ["passkey-server"]),
        .executable(name: "passkey-sign-in-workload", targets: ["passkey-sign-in-workload"]),
    ],
    // Off by default, so that `swift run passkey-server` over SQLite builds no PostgreSQL driver (postgres-nio brings
    // two TLS stacks and swift-crypto): `swift build --traits PostgreSQL` for a server that serves postgres:// URLs.
    traits: [
        .trait(name: "PostgreSQL", description: "Serve a PostgreSQL database (--database postgres://…).")
    ],
    dependencies: [
        .package(
            name: "PasskeyVerifier",
            path: "..",
            traits: ["SQLite", "Hummingbird", .trait(name: "PostgreSQL", condition: .when(traits: ["PostgreSQL"]))]
        ),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .executableTarget(
            name: "passkey-server",
            dependencies: [
                .product(name: "PasskeyHummingbird", package: "PasskeyVerifier"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The server's sign-in through its routes in process, counted by .ci/instruction-guard.sh.
        .executableTarget(
            name: "passkey-sign-in-workload",
            dependencies: [
                .product(name: "PasskeyHummingbird", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifier", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifierTesting", package: "PasskeyVerifier"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "PasskeyServerTests",
            dependencies: [
                "passkey-server",
                .product(name: "PasskeyHummingbird", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifier", package: "PasskeyVerifier"),
                .product(name: "PasskeyMetadata", package: "PasskeyVerifier"),
                .product(name: "PasskeySignInWithApple", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifierTesting", package: "PasskeyVerifier"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
