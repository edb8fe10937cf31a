import Foundation
import GRDB
import MoodKit

/// Moods brought in from another app's export or another journal.
extension JournalWriter {
    /// The stamp of every field of an imported mood: this device's, and the earliest there is.
    /// An imported entry is history, so any change a person makes to its mood wins over it —
    /// also one made on another device before this device imported the same file and had
    /// downloaded the change (stamped now, the import would bring the old note back).
    public func stampForImport() throws -> HybridTimestamp {
        .earliest(of: try deviceID())
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
        // One statement for a new entry, the common case; the ids are looked up only when it
        // added nothing.
        try db.cachedStatement(sql: Self.insertUnlessKnownSQL).execute(arguments: prepared.arguments)
        if db.changesCount == 1 { return .added }
        // A mood the journal holds counts as there, even if its id was once removed as well (a
        // journal whose sync was reset and downloaded again).
        let known = try Int.fetchOne(db.cachedStatement(sql: """
            SELECT 1 FROM mood WHERE id = ?1 UNION ALL SELECT 2 FROM removedMood WHERE id = ?1 LIMIT 1
            """), arguments: [prepared.id])
        return known == 1 ? .alreadyThere : .deletedBefore
    }

    /// Inserts a mood's stored values (`id` first) unless a mood has its id or once had it; any
    /// other failure is an error, as for every insert.
    private static let insertUnlessKnownSQL = """
        INSERT INTO mood (\(Mood.storedColumns.joined(separator: ", ")))
        SELECT \((1...Mood.storedColumns.count).map { "?\($0)" }.joined(separator: ", "))
        WHERE NOT EXISTS (SELECT 1 FROM removedMood WHERE id = ?1)
        ON CONFLICT (id) DO NOTHING
        """
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
    ///   - stamp: the import's stamp, the earliest of this device (``JournalWriter/stampForImport()``).
    public init(_ entry: MoodEntry, id: Mood.ID, creatorID: String? = nil, stamp: HybridTimestamp) {
        self.id = id
        arguments = Mood(
            id: id, date: entry.date, level: entry.level, note: entry.note, creatorID: creatorID ?? stamp.device,
            stamps: MoodStamps(all: stamp), activities: ActivitySet(adding: entry.activities, at: stamp),
            scales: ScaleValues(setting: entry.scales, at: stamp)
        ).storedValues
    }
}
