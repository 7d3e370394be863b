// swift-tools-version:6.0
// The PasskeyVerifier benchmark; a separate package so the library's manifest stays clean.
// Run: swift run -c release passkey-bench   (see Docs/Performance.md)
import PackageDescription

let package = Package(
    name: "PasskeyVerifierBenchmarks",
    dependencies: [
        .package(name: "PasskeyVerifier", path: "..")
    ],
    targets: [
        .target(name: "CBenchLibCrypto", linkerSettings: [.linkedLibrary("crypto")]),
        .executableTarget(
            name: "passkey-bench",
            dependencies: [
                "CBenchLibCrypto",
                .product(name: "PasskeyVerifier", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifierTesting", package: "PasskeyVerifier"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
