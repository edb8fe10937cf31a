import Foundation
import GRDB
import MoodKit

/// The SQL functions every connection to a journal has, so that a rule the list checks in Swift
/// is checked in SQL by the same code.
enum JournalFunctions {
    /// `scaleConditionHolds(scales, scaleID, comparison, number)`: whether the mood whose
    /// `scales` column is given meets ``ScaleCondition`` (`sleep<6`).
    static let scaleConditionHolds = DatabaseFunction("moodtuiScaleConditionHolds", argumentCount: 4, pure: true) { values in
        guard let scales = String.fromDatabaseValue(values[0]), let id = String.fromDatabaseValue(values[1]).flatMap(UUID.init(uuidString:)),
            let comparison = String.fromDatabaseValue(values[2]).flatMap(ScaleCondition.Comparison.init(rawValue:)),
            let number = Double.fromDatabaseValue(values[3])
        else { return false }
        return ScaleCondition(scale: id, comparison: comparison, number: number).holds(for: ScaleValues.storedNumber(of: id, in: scales))
    }

    /// Adds every function to a new connection.
    static func add(to db: Database) {
        db.add(function: scaleConditionHolds)
    }
}
