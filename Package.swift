// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PasskeyVerifier",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "PasskeyVerifier", targets: ["PasskeyVerifier"]),
        .library(name: "PasskeyVerifierTesting", targets: ["PasskeyVerifierTesting"]),
    ],
    targets: [
        .systemLibrary(
            name: "CPasskeyLibCrypto",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(name: "PasskeyCBOR"),
        .target(name: "PasskeyCrypto", dependencies: ["CPasskeyLibCrypto", "PasskeyCBOR"]),
        .target(name: "PasskeyVerifier", dependencies: ["PasskeyCBOR", "PasskeyCrypto"]),
        .target(
            name: "PasskeyVerifierTesting",
            dependencies: ["PasskeyVerifier", "PasskeyCrypto", "PasskeyCBOR"]
        ),
        .testTarget(name: "PasskeyCBORTests", dependencies: ["PasskeyCBOR"]),
        .testTarget(name: "PasskeyCryptoTests", dependencies: ["PasskeyCrypto", "PasskeyCBOR"]),
        .testTarget(
            name: "PasskeyVerifierTests",
            dependencies: ["PasskeyVerifier", "PasskeyVerifierTesting", "PasskeyCrypto", "PasskeyCBOR"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
