// passkey-bench: the PasskeyVerifier benchmark (Docs/Performance.md).
//
//   swift run -c release passkey-bench [--seconds S] [--repetitions R] [--warmup S] [--threads T]
//                                      [--filter TEXT] [--no-parallel] [--cpu-time] [--fixtures DIR]
//   swift run -c release passkey-bench --profile NAME --count N     (no timing; for callgrind)
import CBenchLibCrypto
import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

struct Benchmark: Sendable {
    let name: String
    let body: Body
    /// Bytes processed per operation, for throughput benchmarks.
    var bytesPerOperation: Int?
}

var settings = HarnessSettings()
var threads = ProcessInfo.processInfo.activeProcessorCount
var filter: String?
var parallel = true
var fixtures: URL?
var profile: String?
var profileCount = 10_000

/// What `passkey-bench --help` prints; also printed, on standard error, for an argument it does not know.
let usage = """
    usage: passkey-bench [--seconds S] [--repetitions R] [--warmup S] [--threads T] [--filter TEXT]
                         [--no-parallel] [--cpu-time] [--fixtures DIR]
           passkey-bench --profile NAME --count N      (no timing; a fixed workload for callgrind)

      --seconds S        length of one timed repetition (default \(settings.seconds))
      --repetitions R    repetitions per benchmark, interleaved (default \(settings.repetitions))
      --warmup S         warm-up before the repetitions (default \(settings.warmup))
      --threads T        threads of the parallel runs (default: the number of cores, \(threads))
      --filter TEXT      only the benchmarks whose name contains TEXT
      --no-parallel      skip the multi-threaded runs
      --cpu-time         rates per CPU second instead of per wall-clock second
      --fixtures DIR     the Fixtures directory (default: the repository's)
      --profile NAME     run one workload --count times without timing
      --count N          iterations of --profile (default \(profileCount))
      -h, --help         this text
    """

/// Prints `message` and the usage on standard error and exits with status 2 (a usage error).
func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("passkey-bench: \(message)\n\n\(usage)\n".utf8))
    exit(2)
}

var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    func value() -> String {
        guard let next = arguments.next() else { usageError("\(argument) needs a value") }
        return next
    }
    func number<Value: LosslessStringConvertible>(_ type: Value.Type) -> Value {
        let text = value()
        guard let parsed = Value(text) else { usageError("\(argument) takes a number, not '\(text)'") }
        return parsed
    }
    switch argument {
    case "-h", "--help":
        print(usage)
        exit(0)
    case "--seconds": settings.seconds = number(Double.self)
    case "--repetitions": settings.repetitions = number(Int.self)
    case "--warmup": settings.warmup = number(Double.self)
    case "--threads": threads = number(Int.self)
    case "--filter": filter = value()
    case "--no-parallel": parallel = false
    case "--cpu-time": settings.cpuTime = true
    case "--fixtures": fixtures = URL(fileURLWithPath: value(), isDirectory: true)
    case "--profile": profile = value()
    case "--count": profileCount = number(Int.self)
    default: usageError("unknown argument '\(argument)'")
    }
}

let loader = FixtureLoader(root: fixtures)
let es256 = try loader.authentication("w3c/packed-es256.authentication.json", digest: "SHA256")
let eddsa = try loader.authentication("w3c/packed-eddsa.authentication.json", digest: nil)
let rs256 = try loader.syntheticRSAAuthentication(bits: 2048)
let rs256W3C = try loader.authentication("w3c/packed-rs256.authentication.json", digest: "SHA256")
let registrationNone = try loader.registration("w3c/none-es256.registration.json")
let registrationPackedSelf = try loader.registration("w3c/packed-self-es256.registration.json")
let registrationPackedX5C = try loader.registration("w3c/packed-es256.registration.json")
let registrationApple = try loader.registration("real-devices/AppleAttestationIos.registration.json")
let moduleLattice = try MLDSAParameterSet.allCases.map { parameterSet in
    let level = String(describing: parameterSet).dropFirst("ML-DSA-".count)
    return (
        parameterSet,
        try loader.authentication("real-devices/Mldsa\(level).authentication.json", digest: nil, requiresRaw: false)
    )
}
let appleChain = try loader.x5c(registrationApple)
let appleRoot = try Certificate.certificates(fromPEM: AppleWebAuthnRootCA.pem)[0].derEncoded
let rawAppleLeaf = try certificateVerifier(subject: appleChain[0], issuer: appleChain[1])
let rawAppleIntermediate = try certificateVerifier(subject: appleChain[1], issuer: appleRoot)
nonisolated(unsafe) let rawPointers: [OpaquePointer] =
    [es256.raw, eddsa.raw, rs256.raw, rawAppleLeaf, rawAppleIntermediate].compactMap { $0 }
    + moduleLattice.compactMap { $0.1.raw }

/// Wraps a raw verifier pointer for capture in a `@Sendable` body (the verifier is read-only).
struct Raw: @unchecked Sendable {
    let pointer: OpaquePointer
}

func rawBenchmarks(_ label: String, _ raw: OpaquePointer?) -> [Benchmark] {
    guard let raw else { return [] }
    let shared = Raw(pointer: raw)
    return [
        Benchmark(name: "raw \(label) DigestVerifyInit+DigestVerify") { bench_digest_verify_loop(shared.pointer, $0) },
        Benchmark(name: "raw \(label) verify only (prehashed, ctx reused)") {
            bench_verify_only_loop(shared.pointer, $0)
        },
    ]
}

/// A copy of `bytes` in new storage: each thread of a multi-core run works on its own input, as each request
/// would, instead of contending on one array's reference count.
func fresh(_ bytes: [UInt8]) -> [UInt8] {
    bytes.withUnsafeBufferPointer { Array($0) }
}

func repeated(_ count: Int, _ operation: () -> Bool) -> Int {
    var succeeded = 0
    for _ in 0..<count where operation() {
        succeeded += 1
    }
    return succeeded
}

let esMessage = es256.response.authenticatorData + HashAlgorithm.sha256.hash(es256.response.clientDataJSON)
let appleObject = registrationApple.response.attestationObject
let packedObject = registrationPackedX5C.response.attestationObject
let esKeyBytes = es256.credential.publicKey.encoded
let packedLeaf = try loader.x5c(registrationPackedX5C)[0]
let packedLeafCertificate = try Certificate(derEncoded: packedLeaf)
let packedChainVerifier = CertificateChainVerifier(
    trustAnchors: try loader.ceremony("w3c/packed-es256.registration.json").0.trustAnchors?
        .flatMap { try Certificate.certificates(fromPEM: $0) } ?? []
)
let packedInstant = registrationPackedX5C.expectations.verificationInstant

var benchmarks: [Benchmark] = []
benchmarks += rawBenchmarks("P-256", es256.raw)
benchmarks += rawBenchmarks("Ed25519", eddsa.raw)
benchmarks += rawBenchmarks("RSA-2048", rs256.raw)
benchmarks += rawBenchmarks("RSA-3482 (W3C vector key)", rs256W3C.raw)
benchmarks += rawBenchmarks("P-384 (Apple leaf cert)", rawAppleLeaf)
for (parameterSet, assertion) in moduleLattice {
    if let raw = assertion.raw {
        let shared = Raw(pointer: raw)
        benchmarks.append(
            Benchmark(name: "raw \(parameterSet) DigestVerifyInit+DigestVerify") {
                bench_digest_verify_loop(shared.pointer, $0)
            })
    }
    let keyBytes = assertion.credential.publicKey.encoded
    let message = assertion.response.authenticatorData + HashAlgorithm.sha256.hash(assertion.response.clientDataJSON)
    benchmarks += [
        Benchmark(name: "\(parameterSet) assertion (YubiKey), pre-decoded") { n in
            repeated(n) { assertion.verifyDecoded() }
        },
        Benchmark(name: "\(parameterSet) assertion (YubiKey), from JSON") { n in
            repeated(n) { assertion.verifyJSON() }
        },
        Benchmark(name: "part: \(parameterSet) MLDSAPublicKey.isValidSignature") { n in
            let key = assertion.credential.publicKey
            return repeated(n) { key.isValidSignature(assertion.response.signature, for: message) }
        },
        Benchmark(name: "part: COSEKey(encoded:) \(parameterSet) (decode and tr)") { n in
            let input = fresh(keyBytes)
            return repeated(n) { (try? COSEKey(encoded: input)) != nil }
        },
    ]
}
benchmarks += [
    Benchmark(name: "ES256 assertion, pre-decoded") { n in repeated(n) { es256.verifyDecoded() } },
    Benchmark(name: "ES256 assertion, from JSON") { n in repeated(n) { es256.verifyJSON() } },
    Benchmark(name: "EdDSA assertion, pre-decoded") { n in repeated(n) { eddsa.verifyDecoded() } },
    Benchmark(name: "EdDSA assertion, from JSON") { n in repeated(n) { eddsa.verifyJSON() } },
    Benchmark(name: "RS256 assertion, pre-decoded") { n in repeated(n) { rs256.verifyDecoded() } },
    Benchmark(name: "RS256 assertion, from JSON") { n in repeated(n) { rs256.verifyJSON() } },
    Benchmark(name: "RS256 assertion (W3C vector, 3482-bit key), pre-decoded") { n in
        repeated(n) { rs256W3C.verifyDecoded() }
    },
    Benchmark(name: "registration none (ES256), pre-decoded") { n in
        let registration = registrationNone.copied()
        return repeated(n) { registration.verifyDecoded() }
    },
    Benchmark(name: "registration packed self (ES256), pre-decoded") { n in
        let registration = registrationPackedSelf.copied()
        return repeated(n) { registration.verifyDecoded() }
    },
    Benchmark(name: "registration packed x5c (ES256), pre-decoded") { n in
        let registration = registrationPackedX5C.copied()
        return repeated(n) { registration.verifyDecoded() }
    },
    Benchmark(name: "registration apple (iOS), pre-decoded") { n in
        let registration = registrationApple.copied()
        return repeated(n) { registration.verifyDecoded() }
    },
    Benchmark(name: "registration apple (iOS), from JSON") { n in
        let registration = registrationApple.copied()
        return repeated(n) { registration.verifyJSON() }
    },
    Benchmark(
        name: "CBOR decode, apple attestation object",
        body: { n in
            let input = fresh(appleObject)
            return repeated(n) { (try? CBORDecoder().decode(input)) != nil }
        }, bytesPerOperation: appleObject.count),
    Benchmark(
        name: "CBOR decode, packed x5c attestation object",
        body: { n in
            let input = fresh(packedObject)
            return repeated(n) { (try? CBORDecoder().decode(input)) != nil }
        }, bytesPerOperation: packedObject.count),
    Benchmark(name: "part: AuthenticationResponse(json:)") { n in
        let input = fresh(es256.json)
        return repeated(n) { (try? AuthenticationResponse(json: input)) != nil }
    },
    Benchmark(name: "part: CollectedClientData(jsonBytes:)") { n in
        let input = fresh(es256.response.clientDataJSON)
        return repeated(n) { (try? CollectedClientData(jsonBytes: input)) != nil }
    },
    Benchmark(name: "part: AuthenticatorData(bytes:)") { n in
        let input = fresh(es256.response.authenticatorData)
        return repeated(n) { (try? AuthenticatorData(bytes: input)) != nil }
    },
    Benchmark(name: "part: COSEKey(encoded:) P-256") { n in
        let input = fresh(esKeyBytes)
        return repeated(n) { (try? COSEKey(encoded: input)) != nil }
    },
    Benchmark(name: "part: Certificate(derEncoded:) packed leaf (P-256)") { n in
        let input = fresh(packedLeaf)
        return repeated(n) { (try? Certificate(derEncoded: input)) != nil }
    },
    Benchmark(name: "part: Certificate(derEncoded:) Apple intermediate (P-384)") { n in
        let input = fresh(appleChain[1])
        return repeated(n) { (try? Certificate(derEncoded: input)) != nil }
    },
    Benchmark(name: "part: CertificateChainVerifier.verify packed leaf → W3C root") { n in
        repeated(n) {
            (try? packedChainVerifier.verify(leaf: packedLeafCertificate, intermediates: [], at: packedInstant)) != nil
        }
    },
    Benchmark(name: "part: COSEKey.isValidSignature ES256") { n in
        repeated(n) { es256.credential.publicKey.isValidSignature(es256.response.signature, for: esMessage) }
    },
]

if let profile {
    guard let benchmark = benchmarks.first(where: { $0.name == profile }) else {
        usageError("no benchmark named \"\(profile)\"; names:\n" + benchmarks.map(\.name).joined(separator: "\n"))
    }
    Harness.run(benchmark.name, benchmark.body, profileCount)
    exit(0)
}

if let filter {
    benchmarks = benchmarks.filter { $0.name.localizedCaseInsensitiveContains(filter) }
}

func format(_ value: Double, _ digits: Int = 0) -> String {
    String(format: "%.\(digits)f", value)
}

let libcrypto = String(cString: OpenSSL_version_wrapper())
let host = ProcessInfo.processInfo
print("# passkey-bench")
print("")
print(
    "\(host.activeProcessorCount) cores, \(libcrypto), \(Date()); warm-up \(settings.warmup) s, "
        + "\(settings.repetitions) × \(settings.seconds) s repetitions interleaved, medians; single-threaded rates "
        + (settings.cpuTime ? "per CPU-second of the thread" : "per wall-clock second")
)
print("")

var single: [String: Measurement] = [:]
let prepared = benchmarks.map { Harness.prepare($0.name, threads: 1, settings: settings, $0.body) }
let measurements = Harness.measure(prepared, threads: 1, settings: settings)
print("| benchmark | ops/s (median) | µs/op | min–max ops/s | MB/s |")
print("|---|---:|---:|---:|---:|")
for (benchmark, measurement) in zip(benchmarks, measurements) {
    single[benchmark.name] = measurement
    let throughput = benchmark.bytesPerOperation.map { format(measurement.median * Double($0) / 1e6, 1) } ?? ""
    print(
        "| \(benchmark.name) | \(format(measurement.median)) | \(format(measurement.microsecondsPerOperation, 2)) "
            + "| \(format(measurement.minimum))–\(format(measurement.maximum)) | \(throughput) |"
    )
}
fflush(nil)

@MainActor func ratio(_ operation: String, _ raw: String, contains count: Double = 1) {
    guard let op = single[operation], let base = single[raw] else { return }
    let percent = 100 * op.median * count / base.median
    print("| \(operation) | \(raw)\(count == 1 ? "" : " × \(format(count))") | \(format(percent, 1)) % |")
}

print("")
print("Ratio: operation rate ÷ (raw rate ÷ raw verifications contained), same run.")
print("")
print("| operation | raw baseline | ratio |")
print("|---|---|---:|")
for kind in ["pre-decoded", "from JSON"] {
    ratio("ES256 assertion, \(kind)", "raw P-256 DigestVerifyInit+DigestVerify")
    ratio("ES256 assertion, \(kind)", "raw P-256 verify only (prehashed, ctx reused)")
    ratio("EdDSA assertion, \(kind)", "raw Ed25519 DigestVerifyInit+DigestVerify")
    ratio("EdDSA assertion, \(kind)", "raw Ed25519 verify only (prehashed, ctx reused)")
    ratio("RS256 assertion, \(kind)", "raw RSA-2048 DigestVerifyInit+DigestVerify")
    ratio("RS256 assertion, \(kind)", "raw RSA-2048 verify only (prehashed, ctx reused)")
    ratio(
        "RS256 assertion (W3C vector, 3482-bit key), \(kind)",
        "raw RSA-3482 (W3C vector key) DigestVerifyInit+DigestVerify"
    )
}
ratio("part: COSEKey.isValidSignature ES256", "raw P-256 DigestVerifyInit+DigestVerify")
for (parameterSet, assertion) in moduleLattice {
    let raw = "raw \(parameterSet) DigestVerifyInit+DigestVerify"
    guard assertion.raw != nil else {
        print("| \(parameterSet) assertion (YubiKey) | \(raw) | not measured: \(libcrypto) has no ML-DSA |")
        continue
    }
    ratio("\(parameterSet) assertion (YubiKey), pre-decoded", raw)
    ratio("\(parameterSet) assertion (YubiKey), from JSON", raw)
    ratio("part: \(parameterSet) MLDSAPublicKey.isValidSignature", raw)
    ratio("part: COSEKey(encoded:) \(parameterSet) (decode and tr)", raw)
}
fflush(nil)

@MainActor func cost(_ operation: String, _ raw: String, contains: String) {
    guard let op = single[operation], let base = single[raw] else { return }
    print("| \(operation) | \(raw) | \(format(base.median / op.median, 2)) | \(contains) |")
}

print("")
print("Registrations: cost in raw verifications (raw rate ÷ operation rate), same run.")
print("")
print("| operation | raw baseline | cost | signature verifications inside |")
print("|---|---|---:|---|")
let p256 = "raw P-256 DigestVerifyInit+DigestVerify"
cost("registration none (ES256), pre-decoded", p256, contains: "none (P-256 key import only)")
cost("registration packed self (ES256), pre-decoded", p256, contains: "1 P-256")
cost("registration packed x5c (ES256), pre-decoded", p256, contains: "2 P-256 (attestation, leaf certificate)")
cost(
    "registration apple (iOS), pre-decoded", "raw P-384 (Apple leaf cert) DigestVerifyInit+DigestVerify",
    contains: "1 P-384 (leaf certificate; the intermediate's is cached)"
)
fflush(nil)

if parallel, threads > 1 {
    print("")
    print("Multi-core: \(threads) threads, each running the same operation; total ops/s.")
    print("")
    print("| benchmark | 1 thread ops/s | \(threads) threads ops/s | speed-up |")
    print("|---|---:|---:|---:|")
    let preparedParallel = benchmarks.map { Harness.prepare($0.name, threads: threads, settings: settings, $0.body) }
    let parallelMeasurements = Harness.measure(preparedParallel, threads: threads, settings: settings)
    for (benchmark, measurement) in zip(benchmarks, parallelMeasurements) {
        let one = single[benchmark.name]?.median ?? 0
        print(
            "| \(benchmark.name) | \(format(one)) | \(format(measurement.median)) "
                + "| \(format(one > 0 ? measurement.median / one : 0, 2))× |"
        )
    }
    fflush(nil)
}
for pointer in rawPointers {
    bench_raw_verifier_free(pointer)
}
