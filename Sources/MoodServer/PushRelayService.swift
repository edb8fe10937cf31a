import Logging
import ServerStorage
import ServiceLifecycle
import SyncProtocol

/// Pushes the commits other server instances announce to the sockets this one holds, so that a
/// device hears of a write at once whichever instance it is connected to. Runs only on a store
/// that several instances share (``MoodServerStorage/changesAnnouncedElsewhere()``).
struct PushRelayService<Storage: MoodServerStorage>: Service {
    let storage: Storage
    let hub: PushHub
    let metrics: ServerMetrics
    let logger: Logger

    func run() async throws {
        guard let announced = try storage.changesAnnouncedElsewhere() else {
            // Nothing to relay; a service that returned would stop the server.
            try await gracefulShutdown()
            return
        }
        var listenedBefore = false
        for await news in announced.cancelOnGracefulShutdown() {
            switch news {
            case .changed(let change):
                metrics.pushesSent(hub.publish(account: change.account, token: change.token, exceptDevice: change.device), source: .relayed)
            case .listening:
                // The first time, the server has just started: its sockets fetched as they connected.
                if listenedBefore { await pushEveryAccount() }
                listenedBefore = true
            }
        }
    }

    /// Tells every socket here its account's latest token: announcements made while this
    /// instance was not listening are lost, and a socket that hears nothing would not fetch.
    private func pushEveryAccount() async {
        for tokenHash in hub.oneTokenHashPerAccount {
            do {
                guard let account = try await storage.account(forTokenHash: tokenHash) else { continue }
                // Nothing follows `.max - 1`: the page is empty and says only the latest sequence.
                let latest = try await storage.changes(in: account, after: .max - 1, limit: 1).latestSequence
                let token = ChangeCursor(store: storage.storeID, account: account.publicID, sequence: latest).token
                metrics.pushesSent(hub.publish(account: account.id, token: token, exceptDevice: nil), source: .catchUp)
            } catch {
                logger.warning("could not check an account's latest change", metadata: ["error": "\(error)"])
            }
        }
    }
}
