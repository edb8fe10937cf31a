import Foundation
import MoodKit

/// What one commit changed in the journal: the store's change notification.
///
/// Built from the change log, so commits made by other processes on the same file are reported
/// exactly like this process's own.
public struct JournalChange: Hashable, Sendable {
    public var inserted: Set<Mood.ID> = []
    public var updated: Set<Mood.ID> = []
    public var deleted: Set<Mood.ID> = []
    /// Every column any update in the commit changed.
    public var changedColumns: MoodColumn = []
    public var origin: ChangeOrigin = .other
    /// Made by another process on the same journal file (say `moodtui add` in a second shell).
    public var isFromOtherProcess = false
    /// Some commits were pruned from the log before they could be read: re-read what you need.
    public var missedChanges = false

    /// Groups change-log entries into one change per commit, in commit order.
    public static func grouping(_ entries: [ChangeLogEntry], currentProcess: Int32) -> [JournalChange] {
        var changes: [JournalChange] = []
        var lastTransaction: (Int64, Int32)?
        for entry in entries {
            if lastTransaction == nil || lastTransaction! != (entry.transaction, entry.processID) {
                changes.append(JournalChange(origin: entry.origin, isFromOtherProcess: entry.processID != currentProcess))
                lastTransaction = (entry.transaction, entry.processID)
            }
            changes[changes.count - 1].record(entry)
        }
        return changes
    }

    private mutating func record(_ entry: ChangeLogEntry) {
        switch entry.kind {
        case .insert:
            inserted.insert(entry.moodID)
        case .update:
            if !inserted.contains(entry.moodID) { updated.insert(entry.moodID) }
            changedColumns.formUnion(entry.columns)
        case .delete:
            if inserted.remove(entry.moodID) == nil { deleted.insert(entry.moodID) }
            updated.remove(entry.moodID)
        }
    }
}
