// The Level 3 RegistrationResponseJSON decoder (WebAuthn §5.1); what decodes is verified (§7.1) against the
// fixture with the same credential ID (or the first one).
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
@_cdecl("FuzzRegistrationJSON_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

func seeds() -> [[UInt8]] {
    FixtureCorpus.shared.registrations.map(\.responseJSON)
}

func fuzz(_ bytes: [UInt8]) {
    guard let response = try? RegistrationResponse(json: bytes) else { return }
    Fuzzing.check(!response.credentialID.isEmpty, "decoded an empty credential ID")
    let profiles = FixtureCorpus.shared.registrations
    guard let profile = profiles.first(where: { $0.credentialID == response.credentialID }) ?? profiles.first else {
        return
    }
    _ = try? profile.verifier.verify(response, expecting: profile.expectations)
}
