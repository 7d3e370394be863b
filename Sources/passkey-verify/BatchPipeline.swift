import Foundation

/// `batch` on several threads: the calling thread reads the input in chunks of lines and writes their
/// verdicts in input order, while one thread per ``BatchWorker`` verifies whole chunks, so a hand-off (one
/// lock, one signal) carries many lines, and the reading and writing overlap the verification instead of
/// stopping every thread at a barrier.
///
/// Memory is bounded: at most `chunksInFlight` chunks are read and not yet written.
final class BatchPipeline: @unchecked Sendable {
    private let condition = NSCondition()
    /// Chunks read and not yet taken by a worker, oldest first.
    private var queued: [(sequence: Int, lines: [LineReader.Line])] = []
    /// The verdict bytes of verified chunks not yet written, by sequence number.
    private var verified: [Int: [UInt8]] = [:]
    private var closed = false
    private var running = 0

    private init() {}

    /// Reads every line of `lines`, has `workers` verify them (one thread each) in chunks of `linesPerChunk`,
    /// and writes the verdicts to `output` in input order.
    static func run(
        _ lines: inout LineReader,
        workers: [BatchWorker],
        linesPerChunk: Int,
        chunksInFlight: Int,
        to output: inout OutputWriter
    ) throws(UsageError) {
        let pipeline = BatchPipeline()
        pipeline.running = workers.count
        for worker in workers {
            Thread { pipeline.work(with: worker) }.start()
        }
        defer { pipeline.finish() }
        var nextRead = 0
        var nextWrite = 0
        var atEnd = false
        while true {
            while !atEnd, nextRead - nextWrite < chunksInFlight {
                var chunk: [LineReader.Line] = []
                chunk.reserveCapacity(linesPerChunk)
                while chunk.count < linesPerChunk, let line = try lines.next() {
                    chunk.append(line)
                }
                atEnd = chunk.count < linesPerChunk
                guard !chunk.isEmpty else { break }
                pipeline.submit(chunk, sequence: nextRead)
                nextRead += 1
            }
            guard nextWrite < nextRead else { break }
            try output.writeLines(pipeline.verdicts(of: nextWrite))
            nextWrite += 1
        }
    }

    private func submit(_ chunk: [LineReader.Line], sequence: Int) {
        condition.lock()
        queued.append((sequence, chunk))
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the verdicts of chunk `sequence` and takes them.
    private func verdicts(of sequence: Int) -> [UInt8] {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let bytes = verified.removeValue(forKey: sequence) { return bytes }
            condition.wait()
        }
    }

    /// A worker thread: takes chunks until the pipeline is closed and has none left.
    private func work(with worker: BatchWorker) {
        var verdicts: [UInt8] = []
        while true {
            condition.lock()
            while queued.isEmpty, !closed {
                condition.wait()
            }
            guard !queued.isEmpty else {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let (sequence, chunk) = queued.removeFirst()
            condition.unlock()
            verdicts = []
            verdicts.reserveCapacity(chunk.count * 256)
            worker.verify(chunk, appendingTo: &verdicts)
            condition.lock()
            verified[sequence] = verdicts
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Drops the chunks no worker took (after a read or write error), lets the workers stop, and waits for them.
    private func finish() {
        condition.lock()
        queued.removeAll()
        closed = true
        condition.broadcast()
        while running > 0 {
            condition.wait()
        }
        condition.unlock()
    }
}
