import AppTesting
import Foundation
import JournalTesting
import Logging
import MoodKit
import MoodSealing
import MoodStore
import MoodSync
import SyncProtocol

/// The recipient of a share in tests against a real `moodtui serve`: a journal of its own holding
/// the share an invitation opens, and its sync engine, talking to the server directly or through
/// a proxy.
final class ShareRecipient: Sendable {
    let journal: TemporaryJournal
    let engine: SyncCoordinator

    private static let logger: Logger = {
        var logger = Logger(label: "share-recipient-test")
        logger.logLevel = .critical
        return logger
    }()

    init(invitation: ShareInvitation, through proxy: FaultProxy? = nil) async throws {
        journal = try TemporaryJournal()
        let remote = HTTPMoodRemote(
            account: SyncAccount(server: proxy?.url ?? invitation.server, token: invitation.token), deviceID: try journal.store.deviceID(),
            pushTiming: LiveDevice.pushTiming, logger: Self.logger)
        try await ShareSubscriptions.accept(invitation, trust: ServerTrust(), store: journal.store, remote: remote)
        engine = SyncCoordinator(store: journal.store, remote: remote, settings: LiveDevice.settings, logger: Self.logger)
    }

    /// Every mood the share shows, with its fields and their stamps, by id.
    func fields() throws -> [Mood.ID: MoodFields] {
        let moods = try journal.store.read { try $0.moods(MoodFilter(), order: .newestFirst) }
        return Dictionary(uniqueKeysWithValues: moods.map { ($0.id, $0.fields) })
    }
}

extension LiveDevice {
    /// Makes a share of this device's account, as `moodtui share add` does.
    func share(named name: String, scope: ShareScope) async throws -> ShareInvitation {
        try await AccountShares.add(
            name: try ShareName(name), scope: scope, expiresAt: nil, server: remote.account.server, store: store, remote: remote,
            logger: Logger(label: "share-test") { _ in SwiftLogNoOpLogHandler() })
    }
}
