// Full assertion verification (WebAuthn §7.2) against a fixture's stored credential.
// Input: one byte choosing the fixture (bit 7: lenient CBOR and reported sign-count regressions),
// authenticatorData and clientDataJSON each with a two-byte big-endian length, then the signature.
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
@_cdecl("FuzzAssertion_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

func seeds() -> [[UInt8]] {
    FixtureCorpus.shared.authentications.enumerated().map { index, profile in
        [UInt8(index & 0x7F)] + FuzzInput.lengthPrefixed(profile.authenticatorData)
            + FuzzInput.lengthPrefixed(profile.clientDataJSON) + profile.signature
    }
}

func fuzz(_ bytes: [UInt8]) {
    let profiles = FixtureCorpus.shared.authentications
    var input = FuzzInput(bytes)
    let selector = input.byte()
    let profile = profiles[Int(selector & 0x7F) % profiles.count]
    var expectations = profile.expectations
    if selector & 0x80 != 0 {
        expectations.cborMode = .lenient
        expectations.signCountPolicy = .reportRegression
    }
    let authenticatorData = input.lengthPrefixed()
    let clientDataJSON = input.lengthPrefixed()
    let response = AuthenticationResponse(
        credentialID: profile.credential.id,
        clientDataJSON: clientDataJSON,
        authenticatorData: authenticatorData,
        signature: input.rest()
    )
    if let verified = try? AuthenticationVerifier().verify(
        response, expecting: expectations, credential: profile.credential)
    {
        Fuzzing.check(
            verified.updatedCredentialRecord.publicKey == profile.credential.publicKey,
            "the updated record has another key"
        )
    }
}
