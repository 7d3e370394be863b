// The clientDataJSON parser (WebAuthn §5.8.1.2, RFC 8259): any input parses or throws WebAuthnError; what parses
// keeps its exact bytes and their SHA-256, and agrees with Foundation's JSONSerialization on the members it reads
// whenever JSONSerialization reads the text too.
import Foundation
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
@_cdecl("FuzzClientData_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

func seeds() -> [[UInt8]] {
    let corpus = FixtureCorpus.shared
    return corpus.registrations.map(\.clientDataJSON) + corpus.authentications.map(\.clientDataJSON)
}

func fuzz(_ bytes: [UInt8]) {
    guard let clientData = try? CollectedClientData(jsonBytes: bytes) else { return }
    Fuzzing.check(clientData.jsonBytes == bytes, "jsonBytes differ from the input")
    Fuzzing.check(clientData.hash == HashAlgorithm.sha256.hash(bytes), "hash is not SHA-256 of the input")
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    guard let object = try? JSONSerialization.jsonObject(with: Data(text)) as? [String: Any] else { return }
    Fuzzing.check(object["type"] as? String == clientData.type, "type differs from JSONSerialization's")
    Fuzzing.check(object["challenge"] as? String == clientData.challenge, "challenge differs from JSONSerialization's")
    Fuzzing.check(object["origin"] as? String == clientData.origin, "origin differs from JSONSerialization's")
    Fuzzing.check(object["topOrigin"] as? String == clientData.topOrigin, "topOrigin differs from JSONSerialization's")
    if let crossOrigin = clientData.crossOrigin {
        Fuzzing.check(object["crossOrigin"] as? Bool == crossOrigin, "crossOrigin differs from JSONSerialization's")
    }
}
