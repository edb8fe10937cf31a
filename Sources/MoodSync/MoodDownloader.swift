import Foundation
import Logging
import MoodKit
import MoodStore
import SyncProtocol

/// Applies the server's change feed to the journal, page by page from the saved change token,
/// each page with the token after it in the same transaction: a crash half-way loses nothing and
/// applies nothing twice. Pages arrive ahead of the journal (``PageFeed``), and those that
/// piled up while the journal applied the last go in together, in one transaction.
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

    /// Reads page after page from the saved token, over as many passes as it takes.
    private func fetchAll() async throws -> Int {
        var token = try await journal.read { try $0.setting(.changeToken) }.map(ChangeToken.init(rawValue:))
        if token == nil {
            // A first download lists the server's live moods only, not its deletions: a mood this
            // journal uploaded before it (its downloads failing, its uploads going through) and
            // another device deleted meanwhile is not listed, and must go like any the server
            // forgot the deletion of.
            try await journal.write { try $0.beginReconciliation() }
        }
        var applied = 0
        while true {
            let pass = try await download(from: token)
            applied += pass.applied
            switch pass.ending {
            case .lastPage:
                return applied
            case .readAheadRefused:
                token = pass.token  // ask again from the last page applied
            case .tokenMoved:
                token = try await journal.read { try $0.setting(.changeToken) }.map(ChangeToken.init(rawValue:))
            case .refused(let error):
                guard token != nil else { throw error }
                try await startAgain(after: error)
                token = nil
            }
        }
    }

    /// How one pass over the feed ended.
    private struct Pass {
        enum Ending {
            /// The page with nothing after it was applied.
            case lastPage
            /// A page fetched ahead, after pages of this pass were applied, was refused: the
            /// token of the last page applied may be honoured still.
            case readAheadRefused
            /// The token the pass started from was refused before anything was applied.
            case refused(RemoteError)
            /// Another engine on this journal moved its token: what it applied holds.
            case tokenMoved
        }
        var ending: Ending
        var applied: Int
        /// The token after the last page applied.
        var token: ChangeToken?
    }

    /// Fetches pages from `start` on, one request after another, and applies those that have
    /// arrived, together, while the next are on their way.
    private func download(from start: ChangeToken?) async throws -> Pass {
        let feed = PageFeed<FetchedPage>(window: SyncEngineSettings.downloadPagesAhead)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await feed.run { after in
                    guard let after else { return try await self.fetchPage(since: start) }
                    return after.page.more ? try await self.fetchPage(since: after.page.token) : nil
                }
            }
            defer { group.cancelAll() }
            var pass = Pass(ending: .lastPage, applied: 0, token: start)
            var appliedAny = false
            while true {
                let pages: [FetchedPage]
                do {
                    pages = try await feed.take()
                } catch let error as RemoteError where error == .tokenExpired || error == .historyCompacted {
                    pass.ending = appliedAny ? .readAheadRefused : .refused(error)
                    return pass
                }
                guard let outcome = try await apply(pages), let last = pages.last?.page else {
                    pass.ending = .tokenMoved
                    return pass
                }
                appliedAny = true
                pass.applied += outcome.changed
                if outcome.headMoved { headMoved = true }
                pass.token = last.token
                if !last.more { return pass }
            }
        }
    }

    /// The server no longer honours the journal's change token: downloads everything again. After
    /// `history_compacted` the journal reconciles with the full listing; after `token_expired`
    /// (another server's token) every mood goes up to this server again.
    private func startAgain(after error: RemoteError) async throws {
        let compacted = error == .historyCompacted
        logger.notice(
            compacted
                ? "the server forgot deletions this journal had not fetched: downloading every mood again"
                : "change token expired: fetching every change again")
        try await journal.write { writer in
            if compacted {
                try Self.readEverythingAgain(with: writer)
            } else {
                // Another server's listing settles nothing about what this one holds:
                // every mood goes up to it again (it keeps one copy per id).
                try writer.abandonReconciliation()
                try writer.forgetServerAcknowledgements()
                // The heads this device has seen stay seen: a server cannot roll the account back
                // by saying it forgot the token.
                try writer.forgetServerStanding()
                try writer.setSetting(.changeToken, to: nil)
            }
        }
    }

    /// What applying one page did.
    private struct PageOutcome: Sendable {
        /// Moods the page changed or a finished reconciliation purged.
        var changed: Int
        /// Whether the server's account head moved.
        var headMoved: Bool
    }

    /// Applies `pages`, in order, in one transaction, each with the token that follows it;
    /// `nil` when another engine on this journal (`moodtui sync` beside the app) moved the token
    /// since the first was asked for: what it applied holds, these pages do not.
    private func apply(_ pages: [FetchedPage]) async throws -> PageOutcome? {
        let (logger, encryption) = (logger, encryption)
        return try await journal.write { writer in
            var total = PageOutcome(changed: 0, headMoved: false)
            for (page, sample) in pages {
                guard let outcome = try Self.apply(page, sample: sample, with: writer, encryption: encryption, logger: logger) else { return nil }
                total.changed += outcome.changed
                total.headMoved = total.headMoved || outcome.headMoved
            }
            return total
        }
    }

    /// Applies one page, with the token that follows it; `nil` when the journal's token is not
    /// the one the page was asked for.
    private static func apply(
        _ page: OpenedPage, sample: ServerTimeSample, with writer: JournalWriter, encryption: SyncEncryption, logger: Logger
    ) throws -> PageOutcome? {
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
        try SetupSync.noteServerVersion(page.setupVersion, with: writer)
        let headMoved = try Self.recordWhereTheServerStands(page, with: writer)
        return PageOutcome(changed: changed + purged, headMoved: headMoved)
    }

    /// A page as fetched, with the measure of the server's clock its answer gave.
    typealias FetchedPage = (page: OpenedPage, sample: ServerTimeSample)

    private nonisolated func fetchPage(since token: ChangeToken?) async throws -> FetchedPage {
        let writesBefore = try await journal.read { try $0.setting(.serverWrites) }
        let (page, sample) = try await ServerTimeSample.measure(with: journal.store.wallClock, serverTime: \.serverTime) {
            try await remote.changes(since: token, limit: pageSize)
        }
        if let stopped = SyncStopped.keys(server: page.keyID, device: encryption.keyID) { throw stopped }
        let (changes, unreadable, unproven) = encryption.open(page)
        let opened = OpenedPage(
            since: token, changes: changes, unreadable: unreadable, unproven: unproven, token: page.token, more: page.more,
            sequence: page.sequence, head: page.head, setupVersion: page.setupVersion, writesBefore: writesBefore)
        return (opened, sample)
    }

    /// A page of the feed as this device applies it.
    struct OpenedPage: Sendable {
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
        /// The version of the account's setup as the page was read.
        var setupVersion: Int64
        /// This journal's count of writes to the server as the page was asked for.
        var writesBefore: String?
    }

    /// Whether a fetch brought another head since the last call: it is checked then, though no
    /// mood changed (`AccountHeadKeeper`).
    func takeHeadMoved() -> Bool {
        defer { headMoved = false }
        return headMoved
    }
}
