import Foundation
import GRDB
import MoodKit

/// Reading and writing a ``Mood`` as a `mood` row. Dates are stored as whole milliseconds since
/// 1970 so that sort keys are plain integers.
extension Mood {
    /// The columns read back, in the order ``init(row:)`` expects.
    static let selection = """
        localID, id, date, level, note, creatorID, stamps, remoteIdentifier, remoteVersion,
        changedSinceUpload, markedForRemoteDeletion, markedForDeletionDate, lastSyncError, changeCounter, activities, scales
        """

    /// How many columns ``selection`` reads: a query that selects more after it reads them from here.
    static let selectionCount = 16

    /// A mood from a row selected with ``selection``. Stamps that cannot be read (a journal
    /// edited by hand) read as the earliest possible ones, so that any other change wins; an
    /// activity or scale value that cannot be read is left out.
    init(row: Row) {
        let markedDate: Int64? = row[11]
        let creatorID: String = row[5]
        self.init(
            id: row[1], date: Date(millisecondsSince1970: row[2]), level: MoodLevel(rawValue: row[3]) ?? .meh,
            note: row[4], creatorID: creatorID,
            stamps: MoodStamps(storedText: row[6], creatorID: creatorID)
                ?? .earliest(of: creatorID),
            activities: ActivitySet(storedText: row[14], creatorID: creatorID),
            scales: ScaleValues(storedText: row[15], creatorID: creatorID),
            sync: MoodSyncState(
                remoteIdentifier: row[7], remoteVersion: row[8], changedSinceUpload: row[9],
                markedForRemoteDeletion: row[10], markedForDeletionDate: markedDate.map(Date.init(millisecondsSince1970:)),
                lastError: row[12], changeCounter: row[13]))
    }

    /// Every stored column but `localID` and `changeCounter` (which only a person's writes move),
    /// in the order of ``storedValues``: `id` first.
    static let storedColumns = [
        "id", "date", "level", "note", "creatorID", "stamps", "remoteIdentifier", "remoteVersion",
        "changedSinceUpload", "markedForRemoteDeletion", "markedForDeletionDate", "lastSyncError", "activities", "activityNames",
        "searchText", "scales",
    ]

    /// Inserts a whole mood. Built once: a download applies a thousand moods a page.
    static let insertSQL =
        "INSERT INTO mood (\(storedColumns.joined(separator: ", "))) VALUES (\(storedColumns.map { _ in "?" }.joined(separator: ", ")))"

    /// Overwrites every stored value of the mood whose `id` is the last argument
    /// (``storedValuesIDLast``).
    static let replaceSQL =
        "UPDATE mood SET \(storedColumns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"

    /// The values of ``storedColumns``, in order.
    var storedValues: StatementArguments {
        StatementArguments([id.databaseValue] + valuesAfterID)
    }

    /// The values of ``replaceSQL``: every stored value but `id`, then `id`.
    var storedValuesIDLast: StatementArguments {
        StatementArguments(valuesAfterID + [id.databaseValue])
    }

    /// Each value converted by its own type, not through `any DatabaseValueConvertible`: a
    /// download binds sixteen of them for every mood, and boxing each one took a twentieth of a
    /// first sync's processor time.
    private var valuesAfterID: [DatabaseValue] {
        [
            date.millisecondsSince1970.databaseValue, level.rawValue.databaseValue, note.databaseValue, creatorID.databaseValue,
            stamps.storedText(creatorID: creatorID).databaseValue, sync.remoteIdentifier.databaseValue, sync.remoteVersion.databaseValue,
            sync.changedSinceUpload.databaseValue, sync.markedForRemoteDeletion.databaseValue,
            sync.markedForDeletionDate?.millisecondsSince1970.databaseValue ?? .null, sync.lastError.databaseValue,
        ] + activities.storedValues(creatorID: creatorID) + [
            MoodSearchText.stored(forNote: note).databaseValue, scales.storedText(creatorID: creatorID).databaseValue,
        ]
    }
}

extension ActivitySet {
    /// The values of the `activities` and `activityNames` columns: the histories' stored text,
    /// and the names the mood has as a JSON array (names hold no character JSON escapes).
    func storedValues(creatorID: String) -> [DatabaseValue] {
        [storedText(creatorID: creatorID).databaseValue, ("[" + names.map { "\"\($0.text)\"" }.joined(separator: ",") + "]").databaseValue]
    }

    /// The names in an `activityNames` value, as ``storedValues(creatorID:)`` writes it; a name
    /// that is not valid (the file was changed by hand) is left out.
    static func names(storedJSON: String) -> [ActivityName] {
        storedJSON.dropFirst().dropLast().split(separator: ",").compactMap { quoted in
            try? ActivityName.validated(String(quoted.dropFirst().dropLast()))
        }
    }
}
