// Full registration verification (WebAuthn §7.1) from attestationObject and clientDataJSON.
// Input: one byte choosing the fixture whose expectations and trust anchors apply (bit 7: lenient CBOR),
// clientDataJSON with a two-byte big-endian length, then the attestation object.
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
@_cdecl("FuzzRegistration_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

func seeds() -> [[UInt8]] {
    FixtureCorpus.shared.registrations.enumerated().map { index, profile in
        [UInt8(index & 0x7F)] + FuzzInput.lengthPrefixed(profile.clientDataJSON) + profile.attestationObject
    }
}

func fuzz(_ bytes: [UInt8]) {
    let profiles = FixtureCorpus.shared.registrations
    var input = FuzzInput(bytes)
    let selector = input.byte()
    let profile = profiles[Int(selector & 0x7F) % profiles.count]
    var expectations = profile.expectations
    if selector & 0x80 != 0 {
        expectations.cborMode = .lenient
    }
    let clientDataJSON = input.lengthPrefixed()
    let response = RegistrationResponse(
        credentialID: profile.credentialID,
        clientDataJSON: clientDataJSON,
        attestationObject: input.rest()
    )
    if let verified = try? profile.verifier.verify(response, expecting: expectations) {
        Fuzzing.check(
            verified.attestedCredentialData.credentialID == profile.credentialID,
            "verified a registration for another credential ID"
        )
    }
}
