import Foundation
import MoodKit

/// One entry of another app's export, read but not yet a mood: its level may still be a name
/// the person chose (a renamed Daylio mood) that the level mapping places.
public struct ImportedEntry: Hashable, Sendable {
    /// Where in the file it starts, for messages.
    public var line: Int
    /// What makes this entry itself in its source (a Daylio CSV row: its date, time and mood),
    /// from which its mood's id is derived: importing it again finds the same id.
    public var identity: String
    public var date: Date
    public var mood: MoodLabel
    public var note: String
    /// The activities as the source names them (`movies & tv`), before they become names.
    public var activities: [String]
    /// The mood's own id, when the source is a moodtui journal: kept, not derived.
    public var id: UUID? = nil
    /// The device that made the mood, when the source says.
    public var creatorID: String? = nil
    /// The values the entry gives scales, as the source names and writes them.
    public var scales: [ImportedScaleValue] = []
}

/// A value an entry gives a scale, before the scale's kind reads it: `Energy` and `4`.
public struct ImportedScaleValue: Hashable, Sendable {
    /// The scale's name as the file has it.
    public var name: String
    /// The value as a person types it: `4`, `7.5`, `yes`.
    public var typed: String
}

/// A scale a file defines (moodtui's JSON names its journal's scales first) or an import
/// makes of the values a file gives it.
public struct ImportedScale: Hashable, Sendable {
    public var name: ScaleName
    public var kind: ScaleKind
}

/// How an entry says how its day went.
public enum MoodLabel: Hashable, Sendable {
    /// A level the source states (a score of 1–5).
    case level(MoodLevel)
    /// A name the person gave a mood in the other app (`rad`, `sehr gut`).
    case named(String)
    /// No level, only tags (a jrnl entry): the first tag the mapping places, or its fallback.
    case tagged([String])
}

extension MoodLabel {
    /// As the file has it: the name, or the level's number.
    public var text: String {
        switch self {
        case .level(let level): String(level.rawValue)
        case .named(let name): name
        case .tagged: Self.noLevel
        }
    }

    /// How entries that state no level are named in messages.
    public static let noLevel = "(no level)"
}
