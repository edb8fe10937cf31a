import Foundation
import Logging
import MoodKit
import MoodStore
import MoodSync

/// A device of the remote cases: a journal logged in to the bench server, and its sync engine.
struct BenchDevice {
    let store: JournalStore
    let remote: HTTPMoodRemote
    let engine: SyncCoordinator

    static let logger: Logger = {
        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        return logger
    }()

    init(server: BenchServer, account: String, path: String, settings: SyncEngineSettings = SyncEngineSettings()) async throws {
        try await self.init(url: server.url, token: try server.addDevice(account), path: path, settings: settings)
    }

    init(url: URL, token: String, path: String, settings: SyncEngineSettings = SyncEngineSettings()) async throws {
        store = try JournalStore(path: path)
        remote = HTTPMoodRemote(account: SyncAccount(server: url, token: token), deviceID: try store.deviceID(), logger: Self.logger)
        try SyncSettings.logIn(remote.account, identity: try await remote.accountInfo().id, existingMoods: .keep, in: store)
        engine = SyncCoordinator(store: store, remote: remote, settings: settings, logger: Self.logger)
    }
}
