import Logging
import ServerStorage
import ServiceLifecycle

/// Deletes expired shares every ``MoodServerConfiguration/shareSweepInterval``, until the server
/// stops. A share's token stops at its expiry on its own (the storage checks it on every
/// request); the sweep deletes what the server held of the share, and the deletion of its token
/// closes its socket through the revocation signal, as a revocation does.
struct ShareExpiryService<Storage: MoodServerStorage>: Service {
    let storage: Storage
    let interval: Duration
    let logger: Logger

    func run() async throws {
        while true {
            do {
                let deleted = try await storage.deleteExpiredShares()
                if deleted > 0 { logger.info("deleted expired shares", metadata: ["count": "\(deleted)"]) }
            } catch where !Task.isCancelled {
                logger.warning("could not delete expired shares; trying again later", metadata: ["error": "\(error)"])
            }
            do { try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) } } catch { return }
        }
    }
}
