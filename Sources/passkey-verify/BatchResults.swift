/// The verdict lines of one `batch` window, written by several threads at distinct indices and read after
/// they all finished (``BatchCommand``).
final class BatchResults: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<String>

    /// Room for `count` lines, all empty.
    init(count: Int) {
        storage = .allocate(capacity: count)
        _ = storage.initialize(from: repeatElement("", count: count))
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    /// Stores line `index`; each index is written by one thread only.
    func set(_ index: Int, _ text: String) {
        storage[index] = text
    }

    /// The lines, in order; call after every writer finished.
    var texts: [String] { Array(storage) }
}
