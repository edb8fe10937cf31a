import Foundation
import GRDB
import MoodKit

/// The SQL functions every connection to a journal has, so that a rule the list checks in Swift
/// is checked in SQL by the same code.
enum JournalFunctions {
    /// `moodtuiScaleConditionHolds(scales, creatorID, scaleID, comparison, number)`: whether the
    /// mood whose `scales` and `creatorID` columns are given meets ``ScaleCondition``
    /// (`sleep<6`), read as `Mood(row:)` reads the values.
    static let scaleConditionHolds = DatabaseFunction("moodtuiScaleConditionHolds", argumentCount: 5, pure: true) { values in
        guard let scales = String.fromDatabaseValue(values[0]), let creatorID = String.fromDatabaseValue(values[1]),
            let id = String.fromDatabaseValue(values[2]).flatMap(UUID.init(uuidString:)),
            let comparison = String.fromDatabaseValue(values[3]).flatMap(ScaleCondition.Comparison.init(rawValue:)),
            let number = Double.fromDatabaseValue(values[4])
        else { return false }
        return ScaleCondition(scale: id, comparison: comparison, number: number).matches(ScaleValues(storedText: scales, creatorID: creatorID))
    }

    /// Adds every function to a new connection.
    static func add(to db: Database) {
        db.add(function: scaleConditionHolds)
    }
}
