import Foundation
import GRDB
import MoodKit

/// One row changed by one commit, as the journal's triggers recorded it.
public struct ChangeLogEntry: Hashable, Sendable {
    /// What happened to the row.
    public enum Kind: Hashable, Sendable { case insert, update, delete }

    /// Position in the log; increases with every change, across processes.
    public var sequence: Int64
    /// The commit that made the change; entries of one commit share it.
    public var transaction: Int64
    /// The row's local id; a mood deleted and added again gets a new one.
    public var localID: Int64
    public var moodID: Mood.ID
    public var kind: Kind
    /// The mood's date (milliseconds since 1970) *before* the change, for updates and deletes:
    /// with the id it gives the mood's old sort key, even when the row is gone.
    public var oldDate: Int64?
    /// What the mood counted for in insights before an update or delete; `nil` for an insert,
    /// for a mood that was not in the list (marked for deletion) before the change, and for
    /// entries logged before journal migration v9 (and without scale values before v16).
    public var before: MoodFacts?
    /// The columns an update changed; empty for inserts and deletes.
    public var columns: MoodColumn
    public var origin: ChangeOrigin
    /// The process that made the change.
    public var processID: Int32

    init(row: Row) {
        sequence = row[0]
        transaction = row[1]
        localID = row[2]
        moodID = row[3]
        kind = switch ChangeKind(rawValue: row[4]) {
        case .insert: .insert
        case .update: .update
        case .delete, nil: .delete
        }
        oldDate = row[5]
        columns = MoodColumn(rawValue: row[6])
        origin = ChangeOrigin(rawValue: row[7]) ?? .other
        processID = row[8]
        let level: Int? = row[9], wasLive: Bool? = row[11]
        if let oldDate, let level = level.flatMap(MoodLevel.init(rawValue:)), wasLive == true {
            let scales: String? = row[12], creatorID: String? = row[13]
            before = MoodFacts(
                milliseconds: oldDate, level: level, activities: ActivitySet.names(storedJSON: row[10] ?? "[]"),
                scaleTenths: scales.map { ScaleValues(storedText: $0, creatorID: creatorID ?? "").values.mapValues(\.inTenths) } ?? [:])
        }
    }

    /// Each changed row's first entry among `entries`, in log order: it tells where the row stood
    /// when a reader of the log was last in step (an inserted row was not there; an updated or
    /// deleted one had the entry's old values).
    public static func firstOfEachRow(_ entries: [ChangeLogEntry]) -> [ChangeLogEntry] {
        var seen: Set<Int64> = []
        return entries.filter { seen.insert($0.localID).inserted }
    }

    /// The columns ``init(row:)`` reads, in its order.
    static let selection =
        "seq, txn, moodLocalID, moodID, kind, oldDate, columns, origin, pid, oldLevel, oldActivityNames, oldLive, oldScales, oldCreatorID"
}

/// The result of reading the change log after a sequence number.
public enum ChangeLogRead: Hashable, Sendable {
    /// Every entry after the sequence asked for (possibly none), and the newest sequence.
    case entries([ChangeLogEntry], latest: Int64)
    /// Entries after the sequence asked for were pruned: read the whole list again.
    case gap(latest: Int64)
}
