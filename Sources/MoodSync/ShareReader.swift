import Foundation
import Logging
import MoodKit
import MoodSealing
import MoodStore
import SyncProtocol

/// Applies a share's change feed to the journal that holds it, page by page from the saved change
/// token, each page and the token after it in one transaction: the recipient's side of a share,
/// in place of the three processors a person's own journal has. The journal mirrors the share:
/// an entry with content is the mood as the owner's devices sealed it, an entry without one
/// takes the mood away.
actor ShareReader: FeedReader {
    private let journal: SyncJournal
    private let remote: any MoodRemote
    private let subscription: ShareSubscription
    private let pageSize: Int
    private let logger: Logger

    init(journal: SyncJournal, remote: any MoodRemote, subscription: ShareSubscription, pageSize: Int, logger: Logger) {
        self.journal = journal
        self.remote = remote
        self.subscription = subscription
        self.pageSize = pageSize
        self.logger = logger
    }

    /// Fetches and applies every change since the saved token; returns how many changed the
    /// journal. A share that ended stops the engine, and what was downloaded stays.
    /// - Throws: ``SyncStopped/shareEnded(_:)``, a ``RemoteError``, or a store error.
    func fetchChanges() async throws -> Int? {
        var token = try await journal.read { try $0.setting(.changeToken) }.map(ChangeToken.init(rawValue:))
        var applied = 0
        while true {
            let page: ChangesResponse
            do { page = try await remote.changes(since: token, limit: pageSize) } catch {
                switch error {
                case .unauthorized: throw SyncStopped.shareEnded(subscription.from)
                case .tokenExpired where token != nil, .historyCompacted where token != nil:
                    token = nil
                    continue
                default: throw error
                }
            }
            let entries = page.changes.compactMap(open)
            applied += try await journal.write { [token = page.token] writer in
                var changed = 0
                for (entry, version) in entries where try Self.apply(entry, version: version, with: writer) { changed += 1 }
                try writer.setSetting(.changeToken, to: token.rawValue)
                return changed
            }
            token = page.token
            if !page.more { return applied }
        }
    }

    /// A share has no head to move.
    func takeHeadMoved() -> Bool { false }

    /// The entry a change holds, or `nil` (logged) for one that does not open with the share's
    /// key: only the owner's devices write there, so it was changed on the way.
    private nonisolated func open(_ change: Change) -> (ShareEntry, Int64)? {
        guard case .upsert(let synced) = change, case .sealed(let sealed) = synced.payload else { return nil }
        do { return (try ShareSeal.open(sealed, entryID: synced.id, share: subscription.share, key: subscription.key), synced.version) } catch {
            logger.warning("set aside an entry of the share that does not open", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Makes the journal's copy of the entry's mood what the entry says, unless an entry made
    /// from the same or a later version of the owner's mood came before (its sealed `source`:
    /// the server cannot make an old entry pass for a new one, nor bring back a deleted mood);
    /// returns whether it changed anything.
    private static func apply(_ entry: ShareEntry, version: Int64, with writer: JournalWriter) throws -> Bool {
        guard try writer.receiveShareEntry(mood: entry.mood, source: entry.source) else { return false }
        let local = try writer.snapshot.mood(id: entry.mood)
        guard let content = entry.content else {
            guard local != nil else { return false }
            try writer.purge([entry.mood])
            return true
        }
        let mood = ConflictRule.newLocalMood(from: ServerMood(id: entry.mood, content: content, version: version))
        if local == nil { try writer.insert(mood) } else { try writer.replace(mood) }
        return true
    }
}

/// What the engine downloads with: a person's account feed (``MoodDownloader``) or a share's
/// (``ShareReader``).
protocol FeedReader: Sendable {
    /// Applies every change since the saved token; `nil` when folded into a fetch running.
    func fetchChanges() async throws -> Int?
    /// Whether a fetch brought another head than the journal had, since asked last.
    func takeHeadMoved() async -> Bool
}

extension MoodDownloader: FeedReader {}
