// The lenient CBOR decoder: any input either decodes or throws CBORError; what decodes re-encodes to
// canonical CBOR that the strict decoder reads back and re-encodes identically. (Values are not compared
// directly: CBORMap equality follows entry order, which canonical encoding sorts.)
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
@_cdecl("FuzzCBORLenient_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

func seeds() -> [[UInt8]] {
    let corpus = FixtureCorpus.shared
    return corpus.registrations.map(\.attestationObject) + corpus.coseKeys
}

func fuzz(_ bytes: [UInt8]) {
    do {
        let value = try CBORDecoder(mode: .lenient).decode(bytes)
        let canonical = CBOREncoder.encode(value)
        do {
            let again = try CBORDecoder(mode: .strict, maximumDepth: CBORDecoder.maximumSupportedDepth)
                .decode(canonical)
            Fuzzing.check(CBOREncoder.encode(again) == canonical, "the canonical re-encoding is not stable")
        } catch {
            Fuzzing.check(false, "the canonical re-encoding of a lenient value is rejected: \(error)")
        }
    } catch {
        Fuzzing.check(error is CBORError, "decode threw \(type(of: error))")
    }
}
