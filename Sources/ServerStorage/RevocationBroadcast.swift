import Foundation
import Synchronization

/// Tells every listener, in this process, that device tokens were revoked: the direct path of
/// ``InMemoryMoodServerStorage/tokenRevocations()``.
final class RevocationBroadcast: Sendable {
    private let listeners = Mutex<[UUID: AsyncStream<Void>.Continuation]>([:])

    /// A stream that yields after each ``announce()`` until its consumer stops.
    func stream() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        listeners.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.listeners.withLock { _ = $0.removeValue(forKey: id) } }
        return stream
    }

    /// Wakes every stream.
    func announce() {
        for listener in listeners.withLock({ Array($0.values) }) { listener.yield() }
    }
}
