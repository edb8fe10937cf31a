import Logging
import ServiceLifecycle

/// Pushes the commits other server instances announce to the sockets this one holds, so that a
/// device hears of a write at once whichever instance it is connected to. Runs only on a store
/// that several instances share (``MoodServerStorage/changesAnnouncedElsewhere()``).
struct PushRelayService<Storage: MoodServerStorage>: Service {
    let storage: Storage
    let hub: PushHub
    let logger: Logger

    func run() async throws {
        guard let announced = try storage.changesAnnouncedElsewhere() else {
            // Nothing to relay; a service that returned would stop the server.
            try await gracefulShutdown()
            return
        }
        for await change in announced.cancelOnGracefulShutdown() {
            hub.publish(account: change.account, token: change.token, exceptDevice: change.device)
        }
    }
}
