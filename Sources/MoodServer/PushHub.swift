import Foundation
import Synchronization
import SyncProtocol

/// The WebSockets connected to the server, by account: after a commit, the routes tell the hub,
/// and the hub hands each other socket of that account a ``PushMessage`` to send.
public final class PushHub: Sendable {
    /// One connected socket.
    struct Subscriber {
        var account: Int64
        var deviceID: String?
        var continuation: AsyncStream<PushMessage>.Continuation
    }

    private let subscribers = Mutex<[UUID: Subscriber]>([:])

    public init() {}

    /// Registers a socket; it receives messages on the returned stream until ``unsubscribe(_:)``.
    func subscribe(account: Int64, deviceID: String?) -> (id: UUID, messages: AsyncStream<PushMessage>) {
        let id = UUID()
        // Only the latest token matters: a slow socket never queues more than one message.
        let (stream, continuation) = AsyncStream.makeStream(of: PushMessage.self, bufferingPolicy: .bufferingNewest(1))
        subscribers.withLock { $0[id] = Subscriber(account: account, deviceID: deviceID, continuation: continuation) }
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) {
        subscribers.withLock { $0.removeValue(forKey: id) }?.continuation.finish()
    }

    /// Tells every socket of `account` except those of `exceptDevice` that the log moved to `token`.
    func publish(account: Int64, token: ChangeToken, exceptDevice: String?) {
        let targets = subscribers.withLock { subscribers in
            subscribers.values.filter { $0.account == account && (exceptDevice == nil || $0.deviceID != exceptDevice) }
        }
        for target in targets { target.continuation.yield(PushMessage(token: token)) }
    }

    /// How many sockets are connected (for tests and logs).
    public var count: Int { subscribers.withLock { $0.count } }
}
