import GRDB
import GRDBSQLite
import MoodKit

/// The two reads of a whole journal that insights start from, made for a million moods: each
/// steps SQLite by hand through an index that holds everything it needs.
extension JournalSnapshot {
    /// Hands `body` the row id, date (milliseconds since 1970) and level of every mood in the
    /// list, oldest first.
    /// - Complexity: O(n), from the `mood_list` index without touching the rows.
    public func forEachLevel(_ body: (_ localID: Int64, _ milliseconds: Int64, _ level: MoodLevel) throws -> Void) throws {
        let statement = try db.cachedStatement(sql: """
            SELECT localID, date, level FROM mood INDEXED BY mood_list WHERE markedForRemoteDeletion = 0 ORDER BY date
            """)
        try step(statement) { sqlite in
            guard let level = MoodLevel(rawValue: Int(sqlite3_column_int(sqlite, 2))) else { return }  // CHECKed by the table
            try body(sqlite3_column_int64(sqlite, 0), sqlite3_column_int64(sqlite, 1), level)
        }
    }

    /// How many moods of each level the list holds felt within `range` (milliseconds since 1970):
    /// a day's figures beside its heading.
    /// - Complexity: O(k) for k such moods, from the `mood_list` index without touching the rows.
    public func levelCounts(felt range: ClosedRange<Int64>) throws -> [MoodLevel: Int] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT level, count(*) FROM mood INDEXED BY mood_list
            WHERE markedForRemoteDeletion = 0 AND date BETWEEN ? AND ? GROUP BY level
            """, arguments: [range.lowerBound, range.upperBound])
        return Dictionary(uniqueKeysWithValues: rows.compactMap { row in MoodLevel(rawValue: row[0]).map { ($0, row[1] as Int) } })
    }

    /// Hands `body` every activity of every mood (in the list or not) as the activity and the
    /// mood's row id, activity by activity.
    /// - Complexity: O(n), from the `moodActivity` index; one ``ActivityName`` made per activity.
    public func forEachActivity(_ body: (_ name: ActivityName, _ localID: Int64) throws -> Void) throws {
        var current: (bytes: [UInt8], name: ActivityName?) = ([], nil)
        try step(try db.cachedStatement(sql: "SELECT name, moodLocalID FROM moodActivity ORDER BY name, moodLocalID")) { sqlite in
            let count = Int(sqlite3_column_bytes(sqlite, 0))
            let bytes = UnsafeBufferPointer(start: sqlite3_column_text(sqlite, 0), count: count)
            if !current.bytes.elementsEqual(bytes) {
                current = (Array(bytes), try? ActivityName.validated(String(decoding: bytes, as: UTF8.self)))
            }
            if let name = current.name { try body(name, sqlite3_column_int64(sqlite, 1)) }
        }
    }

    /// Hands `body` the scale values of every mood in the list that has any, with the mood's row
    /// id, in no order.
    /// - Complexity: O(n) rows read, only those with values decoded.
    public func forEachScaleValues(_ body: (_ localID: Int64, _ values: ScaleValues) throws -> Void) throws {
        let rows = try Row.fetchCursor(db, sql: "SELECT localID, scales, creatorID FROM mood WHERE scales <> '' AND markedForRemoteDeletion = 0")
        while let row = try rows.next() {
            try body(row[0], ScaleValues(storedText: row[1], creatorID: row[2]))
        }
    }

    /// The largest row id any mood has had (row ids are never reused), 0 for a new journal.
    public func largestMoodLocalID() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'mood'") ?? 0
    }
}
