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

    /// What a share shows of a mood: no device, stamps or former activities of the owner's.
    struct Shown: Equatable {
        var level: MoodLevel
        var note: String
        var date: Date
        var activities: [ActivityName]

        init(_ fields: MoodFields) {
            level = fields.level.value
            note = fields.note.value
            date = fields.date.value
            activities = fields.activities.names
        }
    }

    /// Every mood the share shows, by id.
    func shown() throws -> [Mood.ID: Shown] {
        let moods = try journal.store.read { try $0.moods(MoodFilter(), order: .newestFirst) }
        return Dictionary(uniqueKeysWithValues: moods.map { ($0.id, Shown($0.fields)) })
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
