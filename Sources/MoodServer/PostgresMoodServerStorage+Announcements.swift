import Foundation
import PostgresNIO
import SyncProtocol

/// Telling the other instances on the database of each commit, with `NOTIFY`, and hearing theirs
/// with `LISTEN`, so that a device's socket hears of a write made through another instance.
///
/// Limits of the choice: a notification is sent after the commit, so an instance that dies
/// between the two leaves the other instances' devices to find the write at their next fetch
/// (every socket reconnect fetches). One sent while an instance's listening connection is being
/// made again never reaches it (PostgreSQL tells only sessions that were listening at the
/// commit): the instance then pushes every account it holds sockets of, once it listens again.
extension PostgresMoodServerStorage {
    static let changeChannel = "moodtui_changed"

    public func announce(account: Int64, token: ChangeToken, exceptDevice: String?) async {
        let change = AnnouncedChange(instance: instance, account: account, token: token, device: exceptDevice)
        do {
            let payload = String(decoding: try JSONEncoder().encode(change), as: UTF8.self)
            try await client.query("SELECT pg_notify(\(Self.changeChannel), \(payload))", logger: logger)
        } catch {
            logger.warning("could not tell the other instances of a commit", metadata: ["error": "\(PostgresFailure.describe(error))"])
        }
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
