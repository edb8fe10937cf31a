import Foundation
import Synchronization
import SyncProtocol

/// The WebSockets connected to the server, by account and device token: after a commit, the
/// routes tell the hub, and the hub hands each other socket of that account a `PushMessage` to
/// send; after a revocation, it tells the sockets of the revoked tokens to close.
public final class PushHub: Sendable {
    /// One connected socket.
    struct Subscriber {
        var account: Int64
        /// The SHA-256 of the token that opened the socket.
        var tokenHash: Data
        var deviceID: String?
        var sender: PushSender
    }

    private let subscribers = Mutex<[UUID: Subscriber]>([:])

    public init() {}

    /// Registers a socket; its events go to `sender` until ``unsubscribe(_:)`` or
    /// ``revoke(tokenHashes:)``.
    func subscribe(account: Int64, tokenHash: Data, deviceID: String?, sender: PushSender) -> UUID {
        let id = UUID()
        subscribers.withLock {
            $0[id] = Subscriber(account: account, tokenHash: tokenHash, deviceID: deviceID, sender: sender)
        }
        return id
    }

    func unsubscribe(_ id: UUID) {
        subscribers.withLock { $0.removeValue(forKey: id) }?.sender.end()
    }

    /// Tells every socket of `account` except those of `exceptDevice` that the log moved to `token`;
    /// returns how many.
    @discardableResult
    func publish(account: Int64, token: ChangeToken, exceptDevice: String?) -> Int {
        let targets = subscribers.withLock { subscribers in
            subscribers.values.filter { $0.account == account && (exceptDevice == nil || $0.deviceID != exceptDevice) }
        }
        for target in targets { target.sender.send(.changed(PushMessage(token: token))) }
        return targets.count
    }

    /// For each account with an open socket, the token one of them was opened with: enough to
    /// find the account again.
    var oneTokenHashPerAccount: [Data] {
        subscribers.withLock { subscribers in
            Array(Dictionary(subscribers.values.map { ($0.account, $0.tokenHash) }, uniquingKeysWith: { first, _ in first }).values)
        }
    }

    /// The tokens the open sockets were opened with, to check after a revocation.
    var openTokenHashes: Set<Data> {
        subscribers.withLock { Set($0.values.map(\.tokenHash)) }
    }

    /// Tells the sockets of these tokens to close, and sends them nothing more; returns how many.
    @discardableResult
    func revoke(tokenHashes: Set<Data>) -> Int {
        let revoked = subscribers.withLock { subscribers in
            let ids = subscribers.filter { tokenHashes.contains($0.value.tokenHash) }.keys
            return ids.compactMap { subscribers.removeValue(forKey: $0) }
        }
        for subscriber in revoked { subscriber.sender.send(.revoked) }
        return revoked.count
    }

    /// How many sockets are connected (for tests and logs).
    public var count: Int { subscribers.withLock { $0.count } }
}
