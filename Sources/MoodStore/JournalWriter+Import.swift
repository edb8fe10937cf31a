import Foundation
import MoodKit

/// Moods brought in from another app's export or another journal.
extension JournalWriter {
    /// One reading of this device's clock to stamp a whole import with: a hundred thousand moods
    /// do not need a hundred thousand readings.
    public func stampForImport() throws -> HybridTimestamp {
        try clockReading()
    }

    /// Adds `entry` as a mood with the id its source gives it, stamped with `stamp`, unless the
    /// journal already holds that id (in the list or deleted): importing the same entry twice adds
    /// it once, and a mood deleted here does not come back.
    /// - Parameter creatorID: the device that made it, when the source says (another moodtui
    ///   journal); this one otherwise.
    /// - Returns: whether the mood was added.
    public func addImported(_ entry: MoodEntry, id: Mood.ID, creatorID: String? = nil, stamp: HybridTimestamp) throws -> Bool {
        guard try snapshot.mood(id: id) == nil else { return false }
        try insert(Mood(
            id: id, date: entry.date, level: entry.level, note: entry.note, creatorID: creatorID ?? stamp.device,
            stamps: MoodStamps(all: stamp), activities: ActivitySet(adding: entry.activities, at: stamp)))
        return true
    }
}
