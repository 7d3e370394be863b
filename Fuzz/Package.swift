// swift-tools-version:6.0
// libFuzzer targets for PasskeyVerifier; a separate package so the library's manifest stays clean.
// Build: swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
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
        .package(name: "PasskeyVerifier", path: "..")
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
    ],
    swiftLanguageModes: [.v6]
)
