// The Level 3 AuthenticationResponseJSON decoder (WebAuthn §5.1), checked against JSONDecoder (the decoder reads
// the common shape in one pass); what decodes is verified (§7.2) against
// the fixture with the same credential ID (or the first one).
import CFuzzDriver
import Foundation
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
@_cdecl("FuzzAuthenticationJSON_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

func seeds() -> [[UInt8]] {
    FixtureCorpus.shared.authentications.map(\.responseJSON)
}

func fuzz(_ bytes: [UInt8]) {
    let response = try? AuthenticationResponse(json: bytes)
    // The one-pass reading of the common shape must give exactly what JSONDecoder gives.
    let viaJSONDecoder = (try? JSONDecoder().decode(AuthenticationResponseJSON.self, from: Data(bytes)))
        .flatMap { try? AuthenticationResponse($0) }
    Fuzzing.check(
        response == viaJSONDecoder && response?.clientExtensionResults == viaJSONDecoder?.clientExtensionResults,
        "AuthenticationResponse(json:) differs from JSONDecoder: \(String(describing: response)) vs "
            + "\(String(describing: viaJSONDecoder))"
    )
    guard let response else { return }
    Fuzzing.check(!response.credentialID.isEmpty, "decoded an empty credential ID")
    let profiles = FixtureCorpus.shared.authentications
    guard let profile = profiles.first(where: { $0.credential.id == response.credentialID }) ?? profiles.first else {
        return
    }
    _ = try? AuthenticationVerifier().verify(response, expecting: profile.expectations, credential: profile.credential)
}
