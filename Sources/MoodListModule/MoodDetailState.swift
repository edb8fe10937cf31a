import MoodKit

/// The detail view while it is open: the mood as last read, the journal's scales that name its
/// values, what the same day held a year and a month before, and how far its note is scrolled.
public struct MoodDetailState: Hashable, Sendable {
    public var mood: Mood
    /// Every scale the journal holds, removed ones too, read as the view opened or the mood changed.
    public var scales: [Scale]
    /// The moods of the mood's day a year and a month before, read as the view opened or the
    /// mood changed.
    public var onThisDay: OnThisDay
    /// The first line of the note shown, as the view wraps it.
    public var scroll = 0

    public init(mood: Mood, scales: [Scale] = [], onThisDay: OnThisDay = OnThisDay()) {
        self.mood = mood
        self.scales = scales
        self.onThisDay = onThisDay
    }
}

/// The whole mood as the detail view shows it: each fact in words, and the note as written.
public struct MoodDetailViewModel: Hashable, Sendable {
    /// One labelled line: "Level", "great".
    public struct Fact: Hashable, Sendable {
        public var label: String
        public var value: String

        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    public var level: MoodLevel
    /// Level, date, last change, device, sync: already made safe to show.
    public var facts: [Fact]
    /// The full note, line feeds included; the view wraps it and makes each line safe.
    public var note: String
    /// The first note line shown, as the view wraps it.
    public var scroll: Int

    public init(level: MoodLevel, facts: [Fact], note: String, scroll: Int) {
        self.level = level
        self.facts = facts
        self.note = note
        self.scroll = scroll
    }
}
