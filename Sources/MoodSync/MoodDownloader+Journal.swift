import Foundation
import Logging
import MoodKit
import MoodStore
import SyncProtocol

/// How a download writes to the journal: one page's changes, the reconciliation after a
/// download from nothing, the changes set aside, and where the server stands.
extension MoodDownloader {
    /// Sets the journal to download everything again, from nothing, at the next fetch (after
    /// `history_compacted`, or a head mismatch). A download from nothing lists what the server
    /// holds, not what it deleted: the moods it does not list are to be confirmed at its end.
    /// Moods that derived from a vouched-for state still do (`AccountHeadKeeper`): in a sealed
    /// account a listing only adds to them (what it leaves out goes up again, and a merge keeps
    /// the later fields), and a journal that lost that standing on every device would leave the
    /// account's head where it is for good.
    static func readEverythingAgain(with writer: JournalWriter) throws {
        try writer.beginReconciliation()
        try writer.setSetting(.changeToken, to: nil)
    }

    /// The moods the server acknowledged before that a download from nothing did not list: in an
    /// account without a key they were deleted meanwhile, and go (returns how many). In a sealed
    /// one the server's silence proves nothing: they go up again, and the server keeps them or
    /// answers with the signed deletion (``MoodUploader``).
    static func finishReconciliation(with writer: JournalWriter, encryption: SyncEncryption, logger: Logger) throws -> Int {
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

    /// After the last page, the journal's moods are the server's at the page's sequence, under
    /// the head the page gave (`AccountHeadKeeper` checks one against the other); before it, or
    /// when this journal wrote to the server after the page was asked for, they are not. Returns
    /// whether the head is another than the journal had.
    static func recordWhereTheServerStands(_ page: OpenedPage, with writer: JournalWriter) throws -> Bool {
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
    static func quarantine(_ unreadable: [UnreadableChange], with writer: JournalWriter, logger: Logger) throws {
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
    static func apply(
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
