import Foundation

/// The rows of a `replay`, written by several threads at distinct indices and read after they all finished
/// (``ReplayCommand``).
final class ReplayRows: @unchecked Sendable {
    private var storage: [ReplayCommand.Row?]
    private let lock = NSLock()

    /// Room for `count` rows.
    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    /// Stores row `index`.
    func set(_ index: Int, _ row: ReplayCommand.Row) {
        lock.withLock { storage[index] = row }
    }

    /// The rows, in order; call after every writer finished.
    var rows: [ReplayCommand.Row] { lock.withLock { storage.compactMap { $0 } } }
}
