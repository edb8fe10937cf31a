import Foundation

/// Why a mood's values were refused, in words a person can act on.
public enum MoodValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidLevel(String)
    /// Words for the levels that break ``LevelWords``' rules, and why.
    case invalidLevelWords(String)
    /// A level typed in an account with its own words (``LevelWords``), which the message names
    /// from level 1 up.
    case invalidLevelOf(String, words: [String])
    case noteTooLong(characters: Int, limit: Int)
    case noteTooLarge(bytes: Int, limit: Int)
    /// A note that trimming would change, where the note must arrive already trimmed (the wire).
    case notTrimmed
    /// A control character other than those the field allows.
    case controlCharacter(MoodField, Unicode.Scalar)
    case invalidCreatorID(String)
    /// A clock stamp that is not `WALL.COUNTER@DEVICE` within the rules, and why.
    case invalidStamp(String)
    /// An activity name that breaks ``ActivityName``'s rules, and why.
    case invalidActivity(String)
    /// A scale name that breaks ``ScaleName``'s rules, and why.
    case invalidScale(String)
    /// A scale's kind, or a value given for a scale, that the scale does not take, and why.
    case invalidScaleValue(String)
    /// More activities on one mood than ``ActivitySet/maximumActivities`` (or, over the wire,
    /// more histories than ``ActivitySet/maximumHistories``).
    case tooManyActivities(count: Int, limit: Int)
    case invalidID(String)
    case invalidDate(String)
    /// A local time that does not exist: the clocks jump over it (daylight saving begins).
    case skippedLocalTime(String, timeZone: String)
    /// A date outside ``MoodDateRange``, as milliseconds since 1970.
    case dateOutOfRange(MoodField, milliseconds: Int64)

    public var description: String {
        switch self {
        case .invalidLevel(let text):
            "invalid level '\(text)': use 1–5 or one of \(MoodLevel.allCases.map(\.name).joined(separator: ", "))"
        case .invalidLevelOf(let text, let words):
            "invalid level '\(text)': use 1–5 or one of \(words.joined(separator: ", "))"
        case .invalidLevelWords(let reason):
            "invalid level words: \(reason)"
        case .noteTooLong(let characters, let limit):
            "note is too long: \(characters) characters, the limit is \(limit)"
        case .noteTooLarge(let bytes, let limit):
            "note is too large: \(bytes) bytes of UTF-8, the limit is \(limit)"
        case .notTrimmed:
            "note starts or ends with white space; send it trimmed"
        case .controlCharacter(let field, let scalar):
            "\(field.rawValue) contains the control character \(ControlCharacters.name(scalar))"
                + (field == .note ? "; only tab and line feed are allowed" : "")
        case .invalidCreatorID(let reason):
            "invalid creatorID: \(reason)"
        case .invalidStamp(let reason):
            "invalid stamp: \(reason)"
        case .invalidActivity(let reason):
            "invalid activity: \(reason)"
        case .invalidScale(let reason):
            "invalid scale: \(reason)"
        case .invalidScaleValue(let reason):
            reason
        case .tooManyActivities(let count, let limit):
            "too many activities: \(count) on one mood, the limit is \(limit)"
        case .invalidID(let text):
            "invalid mood id '\(text)': expected a UUID such as 3F2504E0-4F89-11D3-9A0C-0305E82C3301"
        case .invalidDate(let text):
            "invalid date '\(text)': use \(MoodDateInput.examples)"
        case .skippedLocalTime(let text, let timeZone):
            "'\(text)' does not exist in \(timeZone): the clocks jump over it; give a time an hour later, or a zone"
        case .dateOutOfRange(let field, let milliseconds):
            "\(field.rawValue) \(milliseconds) is out of range: dates are milliseconds since 1970 from "
                + "\(MoodDateRange.milliseconds.lowerBound) (1970-01-01) to \(MoodDateRange.milliseconds.upperBound) (9999-12-31)"
        }
    }
}
