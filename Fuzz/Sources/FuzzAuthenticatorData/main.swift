// The authenticator data parser (WebAuthn §6.1), strict and lenient: any input parses or throws
// WebAuthnError; what parses keeps its exact bytes, and strict acceptance implies lenient acceptance.
import CFuzzDriver
import FuzzSupport
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    Fuzzing.writeSeedsIfRequested { seeds() }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    fuzz(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

/// The entry point SwiftPM links as `main`: hands the arguments to libFuzzer's driver.
@_cdecl("FuzzAuthenticatorData_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

func seeds() -> [[UInt8]] {
    FixtureCorpus.shared.authenticatorData
}

func fuzz(_ bytes: [UInt8]) {
    let strict = try? AuthenticatorData(bytes: bytes, cborMode: .strict)
    let lenient = try? AuthenticatorData(bytes: bytes, cborMode: .lenient)
    for parsed in [strict, lenient].compactMap({ $0 }) {
        Fuzzing.check(parsed.rawBytes == bytes, "rawBytes differ from the input")
        Fuzzing.check(
            parsed.flags.contains(.attestedCredentialData) == (parsed.attestedCredentialData != nil),
            "AT flag and attested credential data disagree"
        )
        Fuzzing.check(
            parsed.flags.contains(.extensionData) == (parsed.extensions != nil),
            "ED flag and extensions disagree"
        )
    }
    Fuzzing.check(strict == nil || lenient != nil, "strict parsing accepted what lenient parsing rejects")
}
