#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// Shared plumbing of the fuzz targets.
public enum Fuzzing {
    /// Stops the run with a finding when an invariant does not hold (libFuzzer saves the input as a crash).
    public static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
            fatalError("fuzz invariant violated: \(message())")
        }
    }

    /// When the environment variable `PASSKEY_FUZZ_WRITE_SEEDS` names a directory, writes `seeds()` there
    /// (one file per seed, named by index) and exits; otherwise returns. Called from `LLVMFuzzerInitialize`,
    /// so each target writes its own seeds in exactly the layout it reads.
    public static func writeSeedsIfRequested(_ seeds: () -> [[UInt8]]) {
        guard let directory = ProcessInfo.processInfo.environment["PASSKEY_FUZZ_WRITE_SEEDS"] else { return }
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            var written = Set<[UInt8]>()
            for seed in seeds() where written.insert(seed).inserted {
                let name = String(format: "seed-%04d", written.count)
                try Data(seed).write(to: url.appendingPathComponent(name))
            }
            print("wrote \(written.count) seeds to \(directory)")
            exit(0)
        } catch {
            fatalError("cannot write seeds to \(directory): \(error)")
        }
    }
}
