import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// How long and how often each benchmark runs.
struct HarnessSettings: Sendable {
    /// Warm-up before the measured repetitions, in seconds.
    var warmup = 0.5
    /// Measured repetitions; the median is reported.
    var repetitions = 7
    /// Length of one repetition, in seconds.
    var seconds = 1.0
    /// Target length of one batch (one call of the body), in seconds.
    var batchSeconds = 0.002
    /// Single-threaded runs count the thread's CPU time instead of wall-clock time, which keeps other processes
    /// on a shared machine out of the numbers (multi-threaded runs always use wall-clock time).
    var cpuTime = false
}

/// The result of one benchmark: operations per second for each repetition.
struct Measurement: Sendable {
    let name: String
    let threads: Int
    let ratesPerRepetition: [Double]

    var median: Double {
        let sorted = ratesPerRepetition.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var minimum: Double { ratesPerRepetition.min() ?? 0 }
    var maximum: Double { ratesPerRepetition.max() ?? 0 }

    /// Microseconds per operation for one thread: the reciprocal of the median rate per thread.
    var microsecondsPerOperation: Double {
        median > 0 ? 1_000_000 * Double(threads) / median : 0
    }
}

/// A benchmark body: runs the operation `count` times and returns how many succeeded.
typealias Body = @Sendable (_ count: Int) -> Int

enum Harness {
    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// Runs `body` once with `count` and stops the program when not every operation succeeded.
    static func run(_ name: String, _ body: Body, _ count: Int) {
        let succeeded = body(count)
        if succeeded != count {
            fatalError("\(name): \(count - succeeded) of \(count) operations failed; the benchmark is wrong")
        }
    }

    /// The batch size that makes one call of `body` last about `settings.batchSeconds`.
    static func calibrate(_ name: String, _ body: Body, settings: HarnessSettings) -> Int {
        var count = 1
        while true {
            let start = now()
            run(name, body, count)
            let elapsed = Double(now() - start) / 1e9
            if elapsed >= settings.batchSeconds || count >= 1 << 24 {
                let scaled = Double(count) * settings.batchSeconds / max(elapsed, 1e-9)
                return max(1, Int(scaled.rounded()))
            }
            count *= 2
        }
    }

    /// A benchmark prepared for measuring: its batch size, after a warm-up.
    struct Prepared {
        let name: String
        let body: Body
        let batch: Int
    }

    /// Calibrates and warms up `body` on `threads` threads.
    static func prepare(_ name: String, threads: Int, settings: HarnessSettings, _ body: @escaping Body) -> Prepared {
        let batch = calibrate(name, body, settings: settings)
        _ = runRepetition(name, threads: threads, batch: batch, seconds: settings.warmup, cpuTime: false, body)
        return Prepared(name: name, body: body, batch: batch)
    }

    /// Measures every benchmark on `threads` threads, the repetitions interleaved (one repetition of each in turn),
    /// so that a change in the machine's load affects every benchmark of a comparison alike.
    static func measure(_ benchmarks: [Prepared], threads: Int, settings: HarnessSettings) -> [Measurement] {
        var rates = [[Double]](repeating: [], count: benchmarks.count)
        for _ in 0..<settings.repetitions {
            for (index, benchmark) in benchmarks.enumerated() {
                rates[index].append(
                    runRepetition(
                        benchmark.name, threads: threads, batch: benchmark.batch, seconds: settings.seconds,
                        cpuTime: settings.cpuTime && threads == 1, benchmark.body
                    )
                )
            }
        }
        return zip(benchmarks, rates).map { Measurement(name: $0.name, threads: threads, ratesPerRepetition: $1) }
    }

    /// The calling thread's CPU time in nanoseconds.
    static func threadCPUTime() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// One repetition: operations per second over all threads.
    private static func runRepetition(
        _ name: String,
        threads: Int,
        batch: Int,
        seconds: Double,
        cpuTime: Bool,
        _ body: @escaping Body
    ) -> Double {
        let duration = UInt64(seconds * 1e9)
        if cpuTime {
            let start = threadCPUTime()
            var operations = 0
            repeat {
                run(name, body, batch)
                operations += batch
            } while threadCPUTime() - start < duration
            return Double(operations) / (Double(threadCPUTime() - start) / 1e9)
        }
        let counts = Counters(count: threads)
        let start = now()
        let deadline = start + duration
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var operations = 0
            repeat {
                run(name, body, batch)
                operations += batch
            } while now() < deadline
            counts.set(thread, operations)
        }
        let elapsed = Double(now() - start) / 1e9
        return Double(counts.sum) / elapsed
    }
}

/// One slot per thread, each written by its own thread only, read after all threads joined.
final class Counters: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Int>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: 0)
    }

    deinit {
        slots.deallocate()
    }

    func set(_ index: Int, _ value: Int) {
        slots[index] = value
    }

    var sum: Int { slots.reduce(0, +) }
}

/// Keeps a value alive and observable so the optimizer cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
