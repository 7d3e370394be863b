// The COSE_Key parser (RFC 9052 §7, WebAuthn §6.5.1.1): any input parses or throws CryptoError/CBORError;
// a key built from a lenient decoding re-parses strictly from its canonical encoding.
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
@_cdecl("FuzzCOSEKey_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

func seeds() -> [[UInt8]] {
    FixtureCorpus.shared.coseKeys
}

func fuzz(_ bytes: [UInt8]) {
    do {
        let key = try COSEKey(encoded: bytes)
        Fuzzing.check(key.encoded == bytes, "encoded differs from the input")
        _ = key.isValidSignature(bytes, for: bytes)
    } catch {
        Fuzzing.check(error is CryptoError || error is CBORError, "COSEKey(encoded:) threw \(type(of: error))")
    }
    guard let value = try? CBORDecoder(mode: .lenient, maximumDepth: 1).decode(bytes) else { return }
    do {
        let key = try COSEKey(cbor: value)
        do {
            let again = try COSEKey(encoded: key.encoded)
            Fuzzing.check(again == key && again.algorithm == key.algorithm, "the canonical key differs")
        } catch {
            Fuzzing.check(false, "the canonical encoding of an accepted key is rejected: \(error)")
        }
    } catch {
        Fuzzing.check(error is CryptoError || error is CBORError, "COSEKey(cbor:) threw \(type(of: error))")
    }
}
