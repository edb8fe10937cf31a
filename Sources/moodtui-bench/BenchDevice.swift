import Foundation
import Logging
import MoodKit
import MoodSealing
import MoodStore
import MoodSync

/// A device of the remote cases: a journal logged in to the bench server, and its sync engine.
struct BenchDevice {
    let store: JournalStore
    let remote: HTTPMoodRemote
    let engine: SyncCoordinator
    /// The account key's phrase, for the account's next device; `nil` when plain.
    let phrase: String?

    /// How a device's moods travel, so that a case can run both ways side by side.
    enum Sealing {
        /// As an account made before moodtui sealed moods.
        case plain
        /// With the account's key: made by the first device, the phrase given to the others.
        case sealed(phrase: String?)
    }

    static let logger: Logger = {
        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        return logger
    }()

    init(
        server: BenchServer, account: String, path: String, sealing: Sealing = .sealed(phrase: nil),
        settings: SyncEngineSettings = SyncEngineSettings()
    ) async throws {
        try await self.init(url: server.url, token: try server.addDevice(account), path: path, sealing: sealing, settings: settings)
    }

    init(url: URL, token: String, path: String, sealing: Sealing, settings: SyncEngineSettings = SyncEngineSettings()) async throws {
        store = try JournalStore(path: path)
        remote = HTTPMoodRemote(account: SyncAccount(server: url, token: token), deviceID: try store.deviceID(), logger: Self.logger)
        switch sealing {
        case .plain:
            try SyncSettings.logIn(remote.account, identity: try await remote.accountInfo().id, key: nil, existingMoods: .keep, in: store)
            phrase = nil
        case .sealed(let given):
            phrase = try await AccountKeyLogin.logIn(remote, store: store, phrase: given).key.map(RecoveryPhrase.phrase(for:))
        }
        engine = SyncCoordinator(store: store, remote: remote, settings: settings, logger: Self.logger)
    }

    /// A share's recipient: a new journal at `path` holding the share `invitation` opens.
    init(invitation: ShareInvitation, path: String) async throws {
        store = try JournalStore(path: path)
        remote = HTTPMoodRemote(
            account: SyncAccount(server: invitation.server, token: invitation.token), deviceID: try store.deviceID(), logger: Self.logger)
        try await ShareSubscriptions.accept(invitation, trust: ServerTrust(), store: store, remote: remote)
        phrase = nil
        engine = SyncCoordinator(store: store, remote: remote, logger: Self.logger)
    }
}
