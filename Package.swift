// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PasskeyVerifier",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "PasskeyVerifier", targets: ["PasskeyVerifier"]),
        .library(name: "PasskeyVerifierTesting", targets: ["PasskeyVerifierTesting"]),
        .executable(name: "passkey-verify", targets: ["passkey-verify"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.3.0"),
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
            name: "PasskeyVerifierTesting",
            dependencies: ["PasskeyVerifier", "PasskeyCrypto", "PasskeyCBOR"]
        ),
        .executableTarget(
            name: "passkey-verify",
            dependencies: [
                "PasskeyVerifier", "PasskeyVerifierTesting", "PasskeyCrypto", "PasskeyCBOR",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "PasskeyCBORTests", dependencies: ["PasskeyCBOR"]),
        .testTarget(name: "PasskeyCryptoTests", dependencies: ["PasskeyCrypto", "PasskeyCBOR", "CPasskeyLibCrypto"]),
        .testTarget(
            name: "PasskeyVerifierTests",
            dependencies: ["PasskeyVerifier", "PasskeyVerifierTesting", "PasskeyCrypto", "PasskeyCBOR"]
        ),
        .testTarget(
            name: "PasskeyVerifyCLITests",
            dependencies: ["passkey-verify", "PasskeyVerifier", "PasskeyVerifierTesting"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
