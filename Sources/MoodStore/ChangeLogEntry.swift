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
    }
}

/// The result of reading the change log after a sequence number.
public enum ChangeLogRead: Hashable, Sendable {
    /// Every entry after the sequence asked for (possibly none), and the newest sequence.
    case entries([ChangeLogEntry], latest: Int64)
    /// Entries after the sequence asked for were pruned: read the whole list again.
    case gap(latest: Int64)
}
