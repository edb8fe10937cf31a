import Foundation
import GRDB
import MoodKit

/// Reading and writing a ``Mood`` as a `mood` row. Dates are stored as whole milliseconds since
/// 1970 so that sort keys are plain integers.
extension Mood {
    /// The columns read back, in the order ``init(row:)`` expects.
    static let selection = """
        localID, id, date, level, note, creatorID, modifiedAt, remoteIdentifier, remoteVersion,
        changedSinceUpload, markedForRemoteDeletion, markedForDeletionDate, lastSyncError
        """

    /// A mood from a row selected with ``selection``.
    init(row: Row) {
        let markedDate: Int64? = row[11]
        self.init(
            id: row[1], date: Date(millisecondsSince1970: row[2]), level: MoodLevel(rawValue: row[3]) ?? .meh,
            note: row[4], creatorID: row[5], modifiedAt: Date(millisecondsSince1970: row[6]),
            sync: MoodSyncState(
                remoteIdentifier: row[7], remoteVersion: row[8], changedSinceUpload: row[9],
                markedForRemoteDeletion: row[10], markedForDeletionDate: markedDate.map(Date.init(millisecondsSince1970:)),
                lastError: row[12]))
    }

    /// The values for every stored column but `localID`, by column name.
    var storedValues: [(String, (any DatabaseValueConvertible)?)] {
        [
            ("id", id), ("date", date.millisecondsSince1970), ("level", level.rawValue), ("note", note),
            ("creatorID", creatorID), ("modifiedAt", modifiedAt.millisecondsSince1970),
            ("remoteIdentifier", sync.remoteIdentifier), ("remoteVersion", sync.remoteVersion),
            ("changedSinceUpload", sync.changedSinceUpload),
            ("markedForRemoteDeletion", sync.markedForRemoteDeletion),
            ("markedForDeletionDate", sync.markedForDeletionDate?.millisecondsSince1970),
            ("lastSyncError", sync.lastError),
        ]
    }
}
