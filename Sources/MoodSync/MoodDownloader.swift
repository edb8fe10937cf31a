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
    private let pageSize: Int
    private let logger: Logger
    private var isFetching = false
    private var fetchAgain = false

    init(journal: SyncJournal, remote: any MoodRemote, pageSize: Int, logger: Logger) {
        self.journal = journal
        self.remote = remote
        self.pageSize = pageSize
        self.logger = logger
    }

    /// Fetches and applies every change since the saved token; returns how many changes were
    /// applied, or `nil` when the call was folded into a fetch already running (which fetches
    /// once more when it is done). A token the server no longer knows starts a full fetch from
    /// the beginning.
    /// - Throws: a ``RemoteError`` or a store error; the pages applied so far stay applied.
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

    private func fetchAll() async throws -> Int {
        var token = try journal.read { try $0.setting(SyncSettings.changeTokenKey) }.map(ChangeToken.init(rawValue:))
        var applied = 0
        while true {
            let page: ChangesResponse
            do {
                page = try await remote.changes(since: token, limit: pageSize)
            } catch {
                guard error == .tokenExpired, token != nil else { throw error }
                logger.notice("change token expired: fetching every change again")
                token = nil
                continue
            }
            applied += try journal.write { writer in
                let changed = try page.changes.reduce(0) { count, change in count + (try Self.apply(change, with: writer) ? 1 : 0) }
                try writer.setSetting(SyncSettings.changeTokenKey, to: page.token.rawValue)
                return changed
            }
            token = page.token
            if !page.more { return applied }
        }
    }

    /// Applies one change by the ``ConflictRule``; returns whether the journal changed. A mood
    /// deleted here takes the server's content too but stays marked (deletion wins), so that an
    /// undo brings back the latest copy.
    private static func apply(_ change: Change, with writer: JournalWriter) throws -> Bool {
        let local = try writer.snapshot.mood(id: change.id)
        switch change {
        case .delete(let id):
            guard local != nil else { return false }
            try writer.purge([id])
            return true
        case .upsert(let server):
            guard let local else {
                try writer.add(ConflictRule.newLocalMood(from: server))
                return true
            }
            // Already past this version (a page read before this device's own upload landed).
            if let known = local.sync.remoteVersion, known > server.version { return false }
            let merged = ConflictRule.merge(local: local, server: server)
            guard merged != local else { return false }
            try writer.replace(merged)
            return true
        }
    }
}
