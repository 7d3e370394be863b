// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "PasskeyServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "passkey-server", targets: ["passkey-server"])
    ],
    dependencies: [
        .package(name: "PasskeyVerifier", path: "..", traits: ["SQLite", "PostgreSQL"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .target(
            name: "PasskeyServer",
            dependencies: [
                .product(name: "PasskeyVerifier", package: "PasskeyVerifier"),
                .product(name: "PasskeyMetadata", package: "PasskeyVerifier"),
                .product(name: "PasskeySignInWithApple", package: "PasskeyVerifier"),
                .product(name: "PasskeyAuthenticatorNames", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifierSQLite", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifierPostgres", package: "PasskeyVerifier"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .executableTarget(
            name: "passkey-server",
            dependencies: [
                "PasskeyServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "PasskeyServerTests",
            dependencies: [
                "PasskeyServer",
                .product(name: "PasskeyVerifier", package: "PasskeyVerifier"),
                .product(name: "PasskeyMetadata", package: "PasskeyVerifier"),
                .product(name: "PasskeySignInWithApple", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifierTesting", package: "PasskeyVerifier"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
