import Foundation
import PostgresNIO
import ServerStorage
import SyncProtocol

/// Telling the other instances on the database of each commit, with `NOTIFY`, and hearing theirs
/// with `LISTEN`, so that a device's socket hears of a write made through another instance.
///
/// The notification is sent inside the write's transaction: PostgreSQL delivers it when, and only
/// when, the transaction commits, in commit order, whatever becomes of the instance that wrote
/// (killed right after the commit, its retried request then answered "nothing changed", the
/// other instances' devices still hear). Limit of the choice: one sent while an instance's
/// listening connection is being made again never reaches it (PostgreSQL tells only sessions
/// that were listening at the commit): the instance then pushes every account it holds sockets
/// of, once it listens again.
extension PostgresMoodServerStorage {
    static let changeChannel = "moodtui_changed"

    /// Tells the other instances, on the write's `connection` inside its transaction, that
    /// `account`'s log moved to `latestSequence`, written by `device`.
    func announce(_ account: Account, latestSequence: Int64, device: String?, _ connection: PostgresConnection) async throws {
        let token = ChangeCursor(store: storeID, account: account.publicID, sequence: latestSequence).token
        let change = AnnouncedChange(instance: instance, account: account.id, token: token, device: device)
        let payload = String(decoding: try JSONEncoder().encode(change), as: UTF8.self)
        try await connection.query("SELECT pg_notify(\(Self.changeChannel), \(payload))", logger: logger)
    }

    public func changesAnnouncedElsewhere() throws -> AsyncStream<InstanceNews>? {
        let instance = instance
        return listen(on: Self.changeChannel, onConnect: .listening) { payload in
            guard let change = try? JSONDecoder().decode(AnnouncedChange.self, from: Data(payload.utf8)), change.instance != instance else {
                return nil
            }
            return .changed(change)
        }
    }
}
