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

    /// Adds a prepared mood with the id its source gives it, unless the journal holds that id or
    /// once did: importing the same entry twice adds it once, and a mood deleted here does not
    /// come back.
    public func addImported(_ prepared: PreparedImport) throws -> ImportOutcome {
        let known = try Int.fetchOne(db.cachedStatement(sql: """
            SELECT 1 FROM mood WHERE id = ?1 UNION ALL SELECT 2 FROM removedMood WHERE id = ?1 LIMIT 1
            """), arguments: [prepared.id])
        switch known {
        case 1: return .alreadyThere
        case 2: return .deletedBefore
        default: break
        }
        try insertRow(prepared.arguments, id: prepared.id)
        return .added
    }
}

/// An imported entry as the row it becomes, worked out where the file is read: an import reads
/// and checks its file on one thread while the journal's writer inserts the rows before, so that
/// the transaction spends its time on SQL alone.
public struct PreparedImport: @unchecked Sendable {  // `StatementArguments` holds plain values only
    let id: Mood.ID
    let arguments: StatementArguments

    /// - Parameters:
    ///   - id: the id its source gives it (derived from the entry, or a moodtui export's own).
    ///   - creatorID: the device that made it, when the source says (another moodtui journal);
    ///     this one otherwise.
    ///   - stamp: the import's one clock reading (``JournalWriter/stampForImport()``).
    public init(_ entry: MoodEntry, id: Mood.ID, creatorID: String? = nil, stamp: HybridTimestamp) {
        self.id = id
        arguments = Mood(
            id: id, date: entry.date, level: entry.level, note: entry.note, creatorID: creatorID ?? stamp.device,
            stamps: MoodStamps(all: stamp), activities: ActivitySet(adding: entry.activities, at: stamp)
        ).storedValues
    }
}
