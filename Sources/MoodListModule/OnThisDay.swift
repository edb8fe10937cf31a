import MoodInsights
import MoodKit
import MoodStore

/// What the person felt on the same day a year and a month before a day: the detail view shows
/// it under a mood's date, the insights screen beside the day selected.
public struct OnThisDay: Hashable, Sendable {
    /// One day looked back at, and what it held.
    public struct PastDay<Content: Hashable & Sendable>: Hashable, Sendable {
        /// "a year ago", "a month ago".
        public var label: String
        public var content: Content
    }

    /// The days before that had moods, the earlier first.
    public var days: [PastDay<DayDigest>]

    /// How far back each day looked at is, and what it is called, the earlier first.
    static let spans = [(label: "a year ago", months: 12), (label: "a month ago", months: 1)]

    /// What the days before `day` held, each read by `content`; days without anything are left out.
    public static func days<Content>(before day: LocalDay, _ content: (LocalDay) -> Content?) -> [PastDay<Content>] {
        spans.compactMap { span in content(day.sameDay(monthsLater: -span.months)).map { PastDay(label: span.label, content: $0) } }
    }

    /// What the days before `day` held, as `digest` reads each.
    init(before day: LocalDay, digest: (LocalDay) -> DayDigest?) {
        days = Self.days(before: day, digest)
    }

    public init(days: [PastDay<DayDigest>] = []) {
        self.days = days
    }

    /// One mood as its level ("great · the note"), several as their average ("3.5 from 2 moods ·
    /// the first note"), in `words` for the levels.
    static func describe(_ digest: DayDigest, words: LevelWords) -> String {
        let mood = digest.count == 1
            ? MoodLevel(rawValue: Int(digest.average.rounded())).map { words.word(for: $0) } ?? InsightsWords.oneDecimal(digest.average)
            : "\(InsightsWords.oneDecimal(digest.average)) from \(InsightsWords.count(digest.count, "mood"))"
        return digest.note.isEmpty ? mood : "\(mood) · \(TerminalSafeText.singleLine(digest.note))"
    }
}
