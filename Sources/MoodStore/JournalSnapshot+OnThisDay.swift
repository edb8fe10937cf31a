import GRDB
import MoodKit

/// A day's moods in short, for "on this day": how many, their average, and the first note.
public struct DayDigest: Hashable, Sendable {
    public var count: Int
    /// The average level, 1–5.
    public var average: Double
    /// The day's first mood with a note, its first line; empty when none has one.
    public var note: String

    public init(count: Int, average: Double, note: String) {
        self.count = count
        self.average = average
        self.note = note
    }
}

extension JournalSnapshot {
    /// The live moods felt within `moments` (milliseconds since 1970) in short; `nil` when
    /// there is none. Reads the day's rows through the list's index: a handful, whatever the
    /// journal's size.
    public func dayDigest(felt moments: ClosedRange<Int64>) throws -> DayDigest? {
        let rows = try Row.fetchAll(db, sql: """
            SELECT level, note FROM mood WHERE markedForRemoteDeletion = 0 AND date BETWEEN ? AND ? ORDER BY date, id
            """, arguments: [moments.lowerBound, moments.upperBound])
        guard !rows.isEmpty else { return nil }
        let levels = rows.map { $0[0] as Int }
        let note = rows.lazy.map { $0[1] as String }.first { !$0.isEmpty }?.split(separator: "\n").first.map(String.init) ?? ""
        return DayDigest(count: levels.count, average: Double(levels.reduce(0, +)) / Double(levels.count), note: note)
    }
}
