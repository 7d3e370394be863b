// swift-tools-version:6.1
// libFuzzer targets for PasskeyVerifier; a separate package so the library's manifest stays clean.
// Build: swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing
// Run:   ../Scripts/fuzz.sh TARGET SECONDS   (see Docs/Robustness.md)
import PackageDescription

let library: [Target.Dependency] = [
    .product(name: "PasskeyVerifier", package: "PasskeyVerifier"),
    "FuzzSupport",
    "CFuzzDriver",
]

let package = Package(
    name: "PasskeyVerifierFuzz",
    dependencies: [
        // The Hummingbird trait brings the PasskeyHummingbird product (the server-requests target); the other
        // targets' modules are the same with or without it.
        .package(name: "PasskeyVerifier", path: "..", traits: ["Hummingbird"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(name: "CFuzzDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "PasskeyVerifier", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifierTesting", package: "PasskeyVerifier"),
            ]
        ),
        .executableTarget(name: "FuzzCBORStrict", dependencies: library),
        .executableTarget(name: "FuzzCBORLenient", dependencies: library),
        .executableTarget(name: "FuzzAuthenticatorData", dependencies: library),
        .executableTarget(name: "FuzzCOSEKey", dependencies: library),
        .executableTarget(name: "FuzzRegistration", dependencies: library),
        .executableTarget(name: "FuzzAssertion", dependencies: library),
        .executableTarget(name: "FuzzClientData", dependencies: library),
        .executableTarget(name: "FuzzRegistrationJSON", dependencies: library),
        .executableTarget(name: "FuzzAuthenticationJSON", dependencies: library),
        .executableTarget(name: "FuzzMLDSASignature", dependencies: library),
        .executableTarget(
            name: "FuzzAppleIdentityToken",
            dependencies: library + [
                .product(name: "PasskeySignInWithApple", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifierTesting", package: "PasskeyVerifier"),
            ]
        ),
        .executableTarget(
            name: "FuzzMetadataBLOB",
            dependencies: library + [
                .product(name: "PasskeyMetadata", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifierTesting", package: "PasskeyVerifier"),
            ]
        ),
        .executableTarget(
            name: "FuzzAccountService",
            dependencies: library + [
                .product(name: "PasskeyAccounts", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifierTesting", package: "PasskeyVerifier"),
            ]
        ),
        .executableTarget(
            name: "FuzzServerRequests",
            dependencies: library + [
                .product(name: "PasskeyHummingbird", package: "PasskeyVerifier"),
                .product(name: "PasskeyHTTP", package: "PasskeyVerifier"),
                .product(name: "PasskeyAccounts", package: "PasskeyVerifier"),
                .product(name: "PasskeySignInWithApple", package: "PasskeyVerifier"),
                .product(name: "PasskeyVerifierTesting", package: "PasskeyVerifier"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
