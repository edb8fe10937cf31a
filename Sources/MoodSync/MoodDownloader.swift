import Foundation
import Logging
import MoodKit
import MoodStore
import SyncProtocol

/// Applies the server's change feed to the journal, page by page from the saved change token,
/// each page and the token after it in one transaction: a crash half-way loses nothing and
/// applies nothing twice.
///
/// Calls that arrive while a fetch runs (a push during a long download) are folded into one more
/// fetch after it, since a fetch always reads up to the latest change.
actor MoodDownloader {
    private let journal: SyncJournal
    private let remote: any MoodRemote
    private let encryption: SyncEncryption
    private let pageSize: Int
    private let logger: Logger
    private var isFetching = false
    private var fetchAgain = false
    /// Whether a fetch brought a head other than the one the journal had, since asked last.
    private var headMoved = false

    init(journal: SyncJournal, remote: any MoodRemote, encryption: SyncEncryption, pageSize: Int, logger: Logger) {
        self.journal = journal
        self.remote = remote
        self.encryption = encryption
        self.pageSize = pageSize
        self.logger = logger
    }

    /// Fetches and applies every change since the saved token; returns how many changes were
    /// applied, or `nil` when the call was folded into a fetch already running (which fetches
    /// once more when it is done). A token the server no longer knows starts a full fetch from
    /// the beginning.
    /// - Throws: a ``RemoteError``, a ``SyncStopped`` when the account's key is no longer this
    ///   device's, or a store error; the pages applied so far stay applied.
    func fetchChanges() async throws -> Int? {
        guard !isFetching else {
            fetchAgain = true
            return nil
        }
        isFetching = true
        defer { isFetching = false }
        var applied = 0
        repeat {
            fetchAgain = false
            applied += try await fetchAll()
        } while fetchAgain
        return applied
    }

    /// Reads page after page; the next page is already on its way while one is being applied.
    private func fetchAll() async throws -> Int {
        var token = try await journal.read { try $0.setting(.changeToken) }.map(ChangeToken.init(rawValue:))
        if token == nil {
            // A first download lists the server's live moods only, not its deletions: a mood this
            // journal uploaded before it (its downloads failing, its uploads going through) and
            // another device deleted meanwhile is not listed, and must go like any the server
            // forgot the deletion of.
            try await journal.write { try Self.beginReconciliation(with: $0) }
        }
        var applied = 0
        var next: Task<(OpenedPage, ServerTimeSample), any Error>?
        defer { next?.cancel() }
        while true {
            let (page, sample): (OpenedPage, ServerTimeSample)
            do {
                if let prefetched = next { (page, sample) = try await prefetched.value } else { (page, sample) = try await fetchPage(since: token) }
            } catch let error as RemoteError where next != nil && (error == .tokenExpired || error == .historyCompacted) {
                next = nil  // a page read ahead was refused: ask again from the last page applied
                continue
            } catch let error as RemoteError where token != nil && (error == .tokenExpired || error == .historyCompacted) {
                let compacted = error == .historyCompacted
                logger.notice(
                    compacted
                        ? "the server forgot deletions this journal had not fetched: downloading every mood again"
                        : "change token expired: fetching every change again")
                try await journal.write { writer in
                    if compacted {
                        try Self.beginReconciliation(with: writer)
                    } else {
                        // Another server's listing settles nothing about what this one holds:
                        // every mood goes up to it again (it keeps one copy per id).
                        try writer.abandonReconciliation()
                        try writer.forgetServerAcknowledgements()
                        try writer.forgetAccountHead()
                    }
                    try writer.setSetting(.changeToken, to: nil)
                }
                token = nil
                continue
            }
            next = page.more ? Task { try await fetchPage(since: page.token) } : nil
            let (logger, encryption) = (logger, encryption)
            let appliedHere: (Int, headMoved: Bool)? = try await journal.write { writer in
                // Another engine on this journal (`moodtui sync` beside the app) moved the token
                // since this page was asked for: what it applied holds, this page does not.
                guard try writer.snapshot.setting(.changeToken) == page.since?.rawValue else { return nil }
                var local = try writer.snapshot.moods(ids: page.changes.map(\.id))  // one query a page
                let removed = try writer.snapshot.removedIDs(among: page.changes.map(\.id).filter { local[$0] == nil })
                let changed = try page.changes.reduce(0) { count, change in
                    count + (try Self.apply(change, to: &local, removed: removed, with: writer) ? 1 : 0)
                }
                if let seen = page.changes.compactMap(\.content?.fields.latestStamp).max() { try writer.observe(seen) }
                if let skew = sample.skew { try writer.recordClockSkew(skew) }
                try writer.releaseQuarantine(of: page.changes.map(\.id))
                // An unproven deletion of a mood this device does not hold threatens nothing here.
                let held = try writer.snapshot.moods(ids: page.unproven.compactMap(\.id))
                try Self.quarantine(page.unreadable + page.unproven.filter { $0.id.map { held[$0] != nil } ?? false }, with: writer, logger: logger)
                try writer.confirm(page.changes.map(\.id) + page.unreadable.compactMap(\.id))
                var purged = 0
                if !page.more { purged = try Self.finishReconciliation(with: writer, encryption: encryption, logger: logger) }
                try writer.setSetting(.changeToken, to: page.token.rawValue)
                let headMoved = try Self.recordWhereTheServerStands(page, with: writer)
                return (changed + purged, headMoved)
            }
            guard let appliedHere else {
                next?.cancel()
                next = nil
                token = try await journal.read { try $0.setting(.changeToken) }.map(ChangeToken.init(rawValue:))
                continue
            }
            applied += appliedHere.0
            if appliedHere.headMoved { headMoved = true }
            token = page.token
            if !page.more { return applied }
        }
    }

    /// One page, opened, with a reading of the server's clock against this device's. Opening
    /// happens here, while the page before is being applied.
    private nonisolated func fetchPage(since token: ChangeToken?) async throws -> (OpenedPage, ServerTimeSample) {
        let writesBefore = try await journal.read { try $0.setting(.serverWrites) }
        let (page, sample) = try await ServerTimeSample.measure(with: journal.store.wallClock, serverTime: \.serverTime) {
            try await remote.changes(since: token, limit: pageSize)
        }
        if let stopped = SyncStopped.keys(server: page.keyID, device: encryption.keyID) { throw stopped }
        let (changes, unreadable, unproven) = encryption.open(page)
        let opened = OpenedPage(
            since: token, changes: changes, unreadable: unreadable, unproven: unproven, token: page.token, more: page.more,
            sequence: page.sequence, head: page.head, writesBefore: writesBefore)
        return (opened, sample)
    }

    /// A page of the feed as this device applies it.
    private struct OpenedPage: Sendable {
        /// The token the page was asked for with.
        var since: ChangeToken?
        var changes: [ServerChange]
        var unreadable: [UnreadableChange]
        /// Deletions without a valid proof.
        var unproven: [UnreadableChange]
        var token: ChangeToken
        var more: Bool
        var sequence: Int64
        var head: AccountHead?
        /// This journal's count of writes to the server as the page was asked for.
        var writesBefore: String?
    }

    /// A download from nothing lists what the server holds, not what it deleted: the moods it
    /// does not list are to be confirmed at its end, and what the journal holds derives from no
    /// head yet (``AccountHeadKeeper``).
    private static func beginReconciliation(with writer: JournalWriter) throws {
        try writer.beginReconciliation()
        try writer.setSetting(.headVerified, to: nil)
    }

    /// The moods the server acknowledged before that a download from nothing did not list: in an
    /// account without a key they were deleted meanwhile, and go (returns how many). In a sealed
    /// one the server's silence proves nothing: they go up again, and the server keeps them or
    /// answers with the signed deletion (``MoodUploader``).
    private static func finishReconciliation(with writer: JournalWriter, encryption: SyncEncryption, logger: Logger) throws -> Int {
        guard case .plain = encryption else {
            let unlisted = try writer.uploadUnconfirmedAgain()
            if unlisted > 0 {
                logger.notice("moods the server no longer lists go up again, to be kept or proven deleted", metadata: ["count": "\(unlisted)"])
            }
            return 0
        }
        let purged = try writer.finishReconciliation()
        if purged > 0 { logger.notice("dropped moods deleted on the server meanwhile", metadata: ["count": "\(purged)"]) }
        return purged
    }

    /// Whether a fetch brought another head since the last call: it is checked then, though no
    /// mood changed (``AccountHeadKeeper``).
    func takeHeadMoved() -> Bool {
        defer { headMoved = false }
        return headMoved
    }

    /// After the last page, the journal's moods are the server's at the page's sequence, under
    /// the head the page gave (``AccountHeadKeeper`` checks one against the other); before it, or
    /// when this journal wrote to the server after the page was asked for, they are not. Returns
    /// whether the head is another than the journal had.
    private static func recordWhereTheServerStands(_ page: OpenedPage, with writer: JournalWriter) throws -> Bool {
        let unchanged = try writer.snapshot.setting(.serverWrites) == page.writesBefore
        try writer.setSetting(.serverSequence, to: page.more || !unchanged ? nil : String(page.sequence))
        guard !page.more else { return false }
        let head = page.head?.json
        guard try writer.snapshot.setting(.serverHead) != head else { return false }
        try writer.setSetting(.serverHead, to: head)
        return true
    }

    /// Sets aside the page's changes that break the protocol's rules, and says so in the log:
    /// the mood stays as this device has it until a readable change of it arrives.
    private static func quarantine(_ unreadable: [UnreadableChange], with writer: JournalWriter, logger: Logger) throws {
        for change in unreadable {
            logger.warning(
                "set aside a change from the server that breaks the protocol's rules",
                metadata: ["mood": "\(change.id?.uuidString ?? "unknown")", "reason": "\(change.reason)"])
            if let id = change.id { try writer.quarantineChange(of: id, reason: change.reason, at: writer.wallClock.now()) }
        }
    }

    /// `local` holds the page's moods as the journal has them, and is kept up to date. A mood
    /// this journal deleted never comes back, whatever the server sends: an honest one keeps its
    /// tombstone for good, and one that replays an old sealed copy is not believed.
    private static func apply(
        _ change: ServerChange, to moods: inout [Mood.ID: Mood], removed: Set<Mood.ID>, with writer: JournalWriter
    ) throws -> Bool {
        let local = moods[change.id]
        switch change {
        case .delete(let id):
            guard local != nil else { return false }
            try writer.purge([id])
            moods[id] = nil
            return true
        case .upsert(let server):
            guard let local else {
                guard !removed.contains(server.id) else { return false }
                let mood = ConflictRule.newLocalMood(from: server)
                try writer.insert(mood)
                moods[mood.id] = mood
                return true
            }
            // Already past this version (a page read before this device's own upload landed).
            if let known = local.sync.remoteVersion, known > server.version { return false }
            let merged = ConflictRule.merge(local: local, server: server)
            guard merged != local else { return false }
            try writer.replace(merged)
            moods[merged.id] = merged
            return true
        }
    }
}
