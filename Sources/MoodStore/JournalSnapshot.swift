import Foundation
import GRDB
import GRDBSQLite
import MoodKit

/// A consistent view of the journal for the length of one ``JournalStore/read(_:)``: every read
/// made through it sees the same commits.
public struct JournalSnapshot {
    let db: Database

    /// The mood with this id, including one marked for deletion; `nil` if there is none.
    public func mood(id: Mood.ID) throws -> Mood? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Mood.selection) FROM mood WHERE id = ?"), arguments: [id])
            .map(Mood.init(row:))
    }

    /// The ids of the moods in the list (not marked for deletion) whose id starts with `hexDigits`
    /// (the id's hexadecimal digits without dashes, in any case), at most `limit` of them: how
    /// `moodtui edit 3f25` finds its mood, as git finds a commit.
    public func liveMoodIDs(startingWith hexDigits: String, limit: Int) throws -> [Mood.ID] {
        guard hexDigits.allSatisfy(\.isHexDigit) else { return [] }
        return try UUID.fetchAll(
            db, sql: "SELECT id FROM mood WHERE markedForRemoteDeletion = 0 AND hex(id) LIKE ? LIMIT ?",
            arguments: [hexDigits.uppercased() + "%", limit])
    }

    /// The moods with these local row ids, by row id; missing rows are left out.
    ///
    /// - Complexity: O(k log n) for k ids.
    public func moods(localIDs: some Collection<Int64>) throws -> [Int64: Mood] {
        var result: [Int64: Mood] = [:]
        for chunk in Array(localIDs).chunked(into: 500) {
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let rows = try Row.fetchCursor(
                db, sql: "SELECT \(Mood.selection) FROM mood WHERE localID IN (\(placeholders))",
                arguments: StatementArguments(chunk))
            while let row = try rows.next() { result[row[0]] = Mood(row: row) }
        }
        return result
    }

    /// How many moods the filter selects.
    public func count(_ filter: MoodFilter) throws -> Int {
        let condition = filter.sqlCondition
        return try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM \(filter.sqlWholeListSource) WHERE \(condition.sql)", arguments: condition.arguments) ?? 0
    }

    /// How many moods the filter selects, counting no further than `limit`.
    /// - Complexity: O(min(n, limit)).
    public func count(_ filter: MoodFilter, upTo limit: Int) throws -> Int {
        let condition = filter.sqlCondition
        return try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM (SELECT 1 FROM \(filter.sqlWholeListSource) WHERE \(condition.sql) LIMIT ?)",
            arguments: condition.arguments + [limit]) ?? 0
    }

    /// Hands `body` the sort key of every mood the filter selects, in list order. This is all a
    /// list of a million moods keeps in memory (24 bytes a mood), and reading it is what opening
    /// the app costs, so it steps SQLite by hand instead of decoding rows.
    ///
    /// - Complexity: O(n), read from the `mood_list` index without touching the rows; with a
    ///   note search, from the table, then sorted (O(n log n)).
    /// - Parameter dates: only moods felt in this range (milliseconds since 1970), so that two
    ///   threads can each read a part of a long list.
    public func forEachSortKey(
        _ filter: MoodFilter, order: MoodSortOrder, dates: ClosedRange<Int64>? = nil, _ body: (MoodSortKey) throws -> Void
    ) throws {
        let query = filter.sqlSortKeyQuery(order: order, dates: dates)
        let statement = try db.cachedStatement(sql: query.sql)
        try statement.setArguments(query.arguments)
        try step(statement) { sqlite in try body(try sortKey(of: sqlite, order: order)) }
    }

    /// The sort key in a result row whose first two columns are `date` and `id`.
    func sortKey(of sqlite: OpaquePointer, order: MoodSortOrder) throws -> MoodSortKey {
        guard sqlite3_column_bytes(sqlite, 1) == 16, let id = sqlite3_column_blob(sqlite, 1) else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "a mood id is not a 16-byte UUID")
        }
        return MoodSortKey(date: sqlite3_column_int64(sqlite, 0), idBytes: id, order: order)
    }

    /// Runs `statement` to its end, handing `row` each result row as SQLite's own statement:
    /// for the few reads of a whole journal, where decoding rows into values would cost more
    /// than SQLite does.
    func step(_ statement: Statement, _ row: (OpaquePointer) throws -> Void) throws {
        _ = try stepRows(of: statement, while: { try row($0); return true })
    }

    /// Runs `statement` while `row` asks for the next row.
    /// - Returns: whether the statement reached its end.
    func stepRows(of statement: Statement, while row: (OpaquePointer) throws -> Bool) throws -> Bool {
        let sqlite = statement.sqliteStatement
        sqlite3_reset(sqlite)
        defer { sqlite3_reset(sqlite) }
        while true {
            let code = sqlite3_step(sqlite)
            if code == SQLITE_DONE { return true }
            guard code == SQLITE_ROW else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage) }
            guard try row(sqlite) else { return false }
        }
    }

    /// The earliest and latest `date` of the moods the filter selects, or `nil` when it selects none.
    /// - Complexity: O(log n) through the `mood_list` index when the filter is the journal's.
    public func dateBounds(_ filter: MoodFilter) throws -> ClosedRange<Int64>? {
        let condition = filter.sqlCondition
        let earliest = try Int64.fetchOne(
            db, sql: "SELECT date FROM \(filter.sqlWholeListSource) WHERE \(condition.sql) ORDER BY date ASC LIMIT 1",
            arguments: condition.arguments)
        let latest = try Int64.fetchOne(
            db, sql: "SELECT date FROM \(filter.sqlWholeListSource) WHERE \(condition.sql) ORDER BY date DESC LIMIT 1",
            arguments: condition.arguments)
        guard let earliest, let latest else { return nil }
        return earliest...latest
    }

    /// Up to `limit` moods the filter selects, in list order, starting at the mood with key `start`
    /// (or at the top when `nil`).
    ///
    /// - Complexity: O(log n + limit) through the `mood_list` index.
    public func moods(
        _ filter: MoodFilter, order: MoodSortOrder, startingAt start: MoodSortKey? = nil, limit: Int? = nil
    ) throws -> [Mood] {
        var condition = filter.sqlCondition
        if let start {
            let (date, id) = start.components(order: order)
            condition.sql += " AND \(order.sqlAtOrAfter)"
            condition.arguments += [date, id]
        }
        let limitSQL = limit.map { " LIMIT \($0)" } ?? ""
        return try Row.fetchAll(
            db, sql: "SELECT \(Mood.selection) FROM mood WHERE \(condition.sql) ORDER BY \(order.sqlOrdering)\(limitSQL)",
            arguments: condition.arguments
        ).map(Mood.init(row:))
    }

    /// The sequence number of the newest change-log entry (0 for a new journal).
    public func latestChangeSequence() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'changeLog'") ?? 0
    }

    /// Every change-log entry after `sequence`, oldest first, or ``ChangeLogRead/gap`` when some
    /// of them were pruned and the caller must start over from a fresh read.
    public func changes(after sequence: Int64) throws -> ChangeLogRead {
        let latest = try latestChangeSequence()
        guard latest > sequence else { return .entries([], latest: latest) }
        let oldest = try Int64.fetchOne(db, sql: "SELECT MIN(seq) FROM changeLog") ?? latest
        guard oldest <= sequence + 1 else { return .gap(latest: latest) }
        let entries = try Row.fetchAll(
            db, sql: "SELECT \(ChangeLogEntry.selection) FROM changeLog WHERE seq > ? ORDER BY seq",
            arguments: [sequence]
        ).map(ChangeLogEntry.init(row:))
        return .entries(entries, latest: latest)
    }
}

extension Array {
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

extension JournalSnapshot {
    /// The moods with these ids, by id; unknown ids are left out.
    /// - Complexity: O(k log n) for k ids.
    public func moods(ids: some Collection<Mood.ID>) throws -> [Mood.ID: Mood] {
        var result: [Mood.ID: Mood] = [:]
        result.reserveCapacity(ids.count)  // callers add the moods they create (a download page)
        try forEachRow("SELECT \(Mood.selection) FROM mood WHERE id", in: ids) { row in
            let mood = Mood(row: row)
            result[mood.id] = mood
        }
        return result
    }

    /// The ids among `ids` of moods this journal once held and deleted for good.
    public func removedIDs(among ids: some Collection<Mood.ID>) throws -> Set<Mood.ID> {
        var removed: Set<Mood.ID> = []
        try forEachRow("SELECT id FROM removedMood WHERE id", in: ids) { removed.insert($0[0]) }
        return removed
    }

    /// Runs `sql` followed by ` IN (…)` over `ids`, a few hundred at a time (SQLite limits the
    /// arguments of one statement), handing each row to `body`.
    private func forEachRow(_ sql: String, in ids: some Collection<Mood.ID>, _ body: (Row) throws -> Void) throws {
        for chunk in Array(ids).chunked(into: 500) {
            let rows = try Row.fetchCursor(
                db, sql: "\(sql) IN (\(databaseQuestionMarks(count: chunk.count)))", arguments: StatementArguments(chunk))
            while let row = try rows.next() { try body(row) }
        }
    }
}
