import Foundation

/// Why a mood's values were refused, in words a person can act on.
public enum MoodValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidLevel(String)
    case noteTooLong(characters: Int, limit: Int)
    case invalidID(String)
    case invalidDate(String)

    public var description: String {
        switch self {
        case .invalidLevel(let text):
            "invalid level '\(text)': use 1–5 or one of \(MoodLevel.allCases.map(\.name).joined(separator: ", "))"
        case .noteTooLong(let characters, let limit):
            "note is too long: \(characters) characters, the limit is \(limit)"
        case .invalidID(let text):
            "invalid mood id '\(text)': expected a UUID such as 3F2504E0-4F89-11D3-9A0C-0305E82C3301"
        case .invalidDate(let text):
            "invalid date '\(text)': expected ISO 8601, such as 2026-11-22T08:30:00Z"
        }
    }
}
