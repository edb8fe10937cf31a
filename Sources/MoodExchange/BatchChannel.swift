import Foundation

/// Batches handed from one thread to another, at most `capacity` waiting: the thread that
/// reads a file waits when the writer falls behind, so memory stays flat whichever is faster.
final class BatchChannel<Item: Sendable>: @unchecked Sendable {  // every field is used under `condition`
    private enum State {
        case open
        /// The sender sent its last batch; what waits is still taken.
        case finished
        /// The receiver gave up: the sender stops at its next batch.
        case stopped
    }

    private let condition = NSCondition()
    private var waiting: [[Item]] = []
    private var state = State.open
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Waits for room and hands `batch` over.
    /// - Returns: `false` when the receiver stopped: nothing more is wanted.
    func send(_ batch: [Item]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= capacity && state == .open { condition.wait() }
        guard state == .open else { return false }
        waiting.append(batch)
        condition.broadcast()
        return true
    }

    /// Says no batch follows.
    func finish() {
        condition.lock()
        defer { condition.unlock() }
        if state == .open { state = .finished }
        condition.broadcast()
    }

    /// The next batch, waiting for it; `nil` after the last.
    func receive() -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && state == .open { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        condition.broadcast()
        return waiting.removeFirst()
    }

    /// Wants nothing more: the sender's next ``send(_:)`` returns `false`.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        state = .stopped
        waiting.removeAll()
        condition.broadcast()
    }
}
