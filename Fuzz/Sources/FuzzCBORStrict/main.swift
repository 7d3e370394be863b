// The strict (CTAP2 canonical) CBOR decoder: any input either decodes or throws CBORError; what decodes
// re-encodes to exactly the input bytes.
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
@_cdecl("FuzzCBORStrict_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

func seeds() -> [[UInt8]] {
    let corpus = FixtureCorpus.shared
    return corpus.registrations.map(\.attestationObject) + corpus.coseKeys
}

func fuzz(_ bytes: [UInt8]) {
    do {
        let value = try CBORDecoder(mode: .strict).decode(bytes)
        Fuzzing.check(CBOREncoder.encode(value) == bytes, "strict decoding accepted a non-canonical encoding")
    } catch {
        Fuzzing.check(error is CBORError, "decode threw \(type(of: error))")
    }
    do {
        let (value, consumed) = try CBORDecoder(mode: .strict, maximumDepth: 1).decodePrefix(bytes)
        Fuzzing.check(consumed > 0 && consumed <= bytes.count, "decodePrefix consumed \(consumed) of \(bytes.count)")
        Fuzzing.check(
            CBOREncoder.encode(value) == Array(bytes.prefix(consumed)),
            "the strict prefix does not re-encode to itself"
        )
    } catch {
        Fuzzing.check(error is CBORError, "decodePrefix threw \(type(of: error))")
    }
}
