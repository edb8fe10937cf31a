import MoodKit

/// Another app's activity name as a moodtui activity: lower case, spaces as `-` (`Good Meal`
/// becomes `good-meal`), and any character a name cannot hold as `-` too (`movies & tv` becomes
/// `movies-tv`) — a change the import's summary lists, never a silent one.
enum ImportedActivity {
    /// - Throws: ``MoodValidationError`` when nothing of a name is left (`&&`, `123`).
    static func name(_ text: String) throws(MoodValidationError) -> ActivityName {
        if let name = try? ActivityName.normalized(text) { return name }
        let dashed = String(String.UnicodeScalarView(text.lowercased().unicodeScalars.map { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar.properties.generalCategory == .nonspacingMark
                || scalar == "_" ? scalar : "-"
        }))
        let tidy = dashed.split(separator: "-").joined(separator: "-")
        return try ActivityName.normalized(String(tidy.prefix(ActivityName.maximumLength)))
    }
}
