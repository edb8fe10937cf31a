import MoodKit

/// Another app's activity names as moodtui activities, each worked out once per import (a file
/// names the same few dozen activities in every row): lower case, spaces as `-` (`Good Meal`
/// becomes `good-meal`), and any character a name cannot hold as `-` too (`movies & tv` becomes
/// `movies-tv`), cut to ``ActivityName/maximumLength`` — changes the import lists, never silent ones.
public struct ImportedActivityNames: Sendable {
    private var known: [String: Result<ActivityName, MoodValidationError>] = [:]
    /// The names that had to change beyond case and spaces, by the text the file has.
    public private(set) var renamed: [String: ActivityName] = [:]

    public init() {}

    /// Every name worked out so far, by the text the file has.
    public var names: [String: ActivityName] { known.compactMapValues { try? $0.get() } }

    /// - Throws: ``MoodValidationError`` when nothing of a name is left (`&&`, `123`).
    public mutating func name(_ text: String) throws(MoodValidationError) -> ActivityName {
        if let result = known[text] { return try result.get() }
        let result: Result<ActivityName, MoodValidationError>
        if let name = try? ActivityName.normalized(text) {
            result = .success(name)
        } else {
            result = Result { () throws(MoodValidationError) in try Self.dashed(text) }
            if case .success(let name) = result { renamed[text] = name }
        }
        known[text] = result
        return try result.get()
    }

    private static func dashed(_ text: String) throws(MoodValidationError) -> ActivityName {
        let dashed = String(String.UnicodeScalarView(text.lowercased().unicodeScalars.map { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar.properties.generalCategory == .nonspacingMark
                || scalar == "_" ? scalar : "-"
        }))
        let tidy = dashed.split(separator: "-").joined(separator: "-")
        return try ActivityName.normalized(String(tidy.prefix(ActivityName.maximumLength)))
    }
}
