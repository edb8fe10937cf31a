import GRDB

/// Keeps the change log from growing without end.
///
/// Entries are kept long enough for any live reader to catch up in normal use; a reader that
/// falls further behind sees a gap (``ChangeLogRead/gap``) and reloads its list instead.
enum ChangeLogPruning {
    /// How many of the newest entries are always kept.
    static let retainedEntries: Int64 = 100_000
    /// Prune once every this many transactions, so that the cost is spread thin.
    static let interval: Int64 = 64

    static func pruneIfDue(_ writer: JournalWriter) throws {
        let txn = try Int64.fetchOne(writer.db.cachedStatement(sql: "SELECT txn FROM changeWriter")) ?? 0
        guard txn % interval == 0 else { return }
        try writer.pruneChangeLog(keepingLast: retainedEntries)
    }
}

extension JournalWriter {
    /// Prunes the change log now, keeping only its newest `count` entries. For tests of readers
    /// that fall behind; the store prunes on its own.
    public func pruneChangeLog(keepingLast count: Int64) throws {
        try db.execute(
            sql: "DELETE FROM changeLog WHERE seq <= (SELECT MAX(seq) FROM changeLog) - ?", arguments: [count])
    }
}
