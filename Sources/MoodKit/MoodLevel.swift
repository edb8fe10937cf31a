import Foundation

/// How someone felt, on the five-step scale the whole app shares.
///
/// The raw value (1–5) is what is stored and sent over the wire; the name is what people type
/// (`moodtui add --level good`) and read.
public enum MoodLevel: Int, CaseIterable, Codable, Comparable, Sendable {
    case awful = 1
    case bad = 2
    case meh = 3
    case good = 4
    case great = 5

    /// The lower-case name shown on screen and accepted on the command line.
    public var name: String {
        switch self {
        case .awful: "awful"
        case .bad: "bad"
        case .meh: "meh"
        case .good: "good"
        case .great: "great"
        }
    }

    /// Parses a level as people write it: a number from 1 to 5 or a name, in any case.
    ///
    /// - Throws: `MoodValidationError.invalidLevel` for anything else.
    public init(parsing text: String) throws(MoodValidationError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let number = Int(trimmed), let level = MoodLevel(rawValue: number) {
            self = level
        } else if let level = MoodLevel.allCases.first(where: { $0.name == trimmed }) {
            self = level
        } else {
            throw .invalidLevel(text)
        }
    }

    public static func < (lhs: MoodLevel, rhs: MoodLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
