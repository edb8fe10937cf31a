import GRDB
import GRDBSQLite
import MoodKit

/// What a look at the top of a list found: how a search shows its first screen before all its
/// matches are read.
public enum FirstSortKeys: Hashable, Sendable {
    /// The look reached the list's end: these are all the keys, in list order.
    case whole([MoodSortKey])
    /// The first keys of a longer list, in list order, as many as were asked for.
    case prefix([MoodSortKey])
    /// Fewer keys than asked for among the moods looked at, and more moods left: only reading
    /// the whole list (through the search index) says what comes next.
    case notFound
}

extension JournalSnapshot {
    /// The first `limit` keys the filter selects, in list order, looking at no more than
    /// `scanLimit` moods from the top of the list.
    ///
    /// A search every note matches holds a million keys on a big journal, and reading them all
    /// before showing any takes most of a second; its first screen is among the first few moods.
    /// - Complexity: O(min(scanLimit, n) log n) through the `mood_list` index.
    /// - Returns: ``FirstSortKeys/notFound`` for a filter that lists moods marked for deletion.
    public func firstSortKeys(_ filter: MoodFilter, order: MoodSortOrder, limit: Int, scanLimit: Int) throws -> FirstSortKeys {
        guard let query = filter.sqlFirstKeysQuery(order: order, scanLimit: scanLimit) else { return .notFound }
        let statement = try db.cachedStatement(sql: query.sql)
        try statement.setArguments(query.arguments)
        var (keys, scanned) = ([MoodSortKey](), 0)
        let reachedTheEnd = try stepRows(of: statement, while: { sqlite in
            scanned += 1
            if sqlite3_column_int(sqlite, 2) != 0 { keys.append(try sortKey(of: sqlite, order: order)) }
            return keys.count < limit
        })
        if keys.count == limit { return .prefix(keys) }
        return reachedTheEnd && scanned < scanLimit ? .whole(keys) : .notFound
    }
}
