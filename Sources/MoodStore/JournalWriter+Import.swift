import Foundation
import GRDB
import MoodKit

/// Moods brought in from another app's export or another journal.
extension JournalWriter {
    /// One reading of this device's clock to stamp a whole import with: a hundred thousand moods
    /// do not need a hundred thousand readings.
    public func stampForImport() throws -> HybridTimestamp {
        try clockReading()
    }

    /// What importing an entry did.
    public enum ImportOutcome: Sendable {
        case added
        /// The journal holds a mood with that id: the entry was imported before (here, or on
        /// another device of the account), or its mood was deleted and waits to be sent.
        case alreadyThere
        /// A mood with that id was deleted for good: it stays deleted.
        case deletedBefore
    }

    /// Adds `entry` as a mood with the id its source gives it, stamped with `stamp`, unless the
    /// journal holds that id or once did: importing the same entry twice adds it once, and a mood
    /// deleted here does not come back.
    /// - Parameter creatorID: the device that made it, when the source says (another moodtui
    ///   journal); this one otherwise.
    public func addImported(_ entry: MoodEntry, id: Mood.ID, creatorID: String? = nil, stamp: HybridTimestamp) throws -> ImportOutcome {
        let known = try Int.fetchOne(db.cachedStatement(sql: """
            SELECT 1 FROM mood WHERE id = ?1 UNION ALL SELECT 2 FROM removedMood WHERE id = ?1 LIMIT 1
            """), arguments: [id])
        switch known {
        case 1: return .alreadyThere
        case 2: return .deletedBefore
        default: break
        }
        try insert(Mood(
            id: id, date: entry.date, level: entry.level, note: entry.note, creatorID: creatorID ?? stamp.device,
            stamps: MoodStamps(all: stamp), activities: ActivitySet(adding: entry.activities, at: stamp)))
        return .added
    }
}
