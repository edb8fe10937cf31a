import Logging
import ServerStorage
import ServiceLifecycle

/// Closes the WebSockets of revoked device tokens at once, whoever revoked them (this process
/// through the storage, or `moodtui account revoke` in another): it waits for the storage's
/// revocation signal, then asks which of the open sockets' tokens no longer open an account.
struct RevocationService<Storage: MoodServerStorage>: Service {
    let storage: Storage
    let hub: PushHub
    let logger: Logger

    func run() async throws {
        let revocations = try storage.tokenRevocations()
        // Sockets may have opened, and tokens been revoked, before the watch began.
        await closeRevokedSockets()
        for await _ in revocations.cancelOnGracefulShutdown() {
            await closeRevokedSockets()
        }
    }

    private func closeRevokedSockets() async {
        let open = hub.openTokenHashes
        guard !open.isEmpty else { return }
        do {
            let closed = hub.revoke(tokenHashes: try await storage.revokedTokenHashes(among: open))
            if closed > 0 { logger.info("closed the WebSockets of revoked device tokens", metadata: ["sockets": "\(closed)"]) }
        } catch {
            logger.warning("could not check the open WebSockets' device tokens", metadata: ["error": "\(error)"])
        }
    }
}
