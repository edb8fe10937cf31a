import MoodInsights
import MoodKit
import MoodStore

/// What the person felt on the same day a year and a month before a day: the detail view shows
/// it under a mood's date, the insights screen beside the day selected.
public struct OnThisDay: Hashable, Sendable {
    public var yearAgo: DayDigest?
    public var monthAgo: DayDigest?

    public init(yearAgo: DayDigest? = nil, monthAgo: DayDigest? = nil) {
        self.yearAgo = yearAgo
        self.monthAgo = monthAgo
    }

    /// "a year ago" and "a month ago", with what each held, the earlier first; none when empty.
    var labelled: [(label: String, digest: DayDigest)] {
        [("A year ago", yearAgo), ("A month ago", monthAgo)].compactMap { label, digest in digest.map { (label, $0) } }
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
