import MoodKit

/// A diary: `## Monday 16 November 2026` over each day, then
/// `- 08:30 · good · the note · #run · sleep 7.5, meds yes`.
struct MarkdownWriter: ExportWriter {
    let clock: LocalDateTime
    private var day = ""
    private var vocabulary = JournalVocabulary()

    init(clock: LocalDateTime) { self.clock = clock }

    mutating func begin(_ sink: TextSink, vocabulary: JournalVocabulary) throws {
        self.vocabulary = vocabulary
        try sink.write("# Mood journal\n")
    }

    mutating func write(_ mood: Mood, _ sink: TextSink) throws {
        let p = clock.parts(mood.date)
        if p.dayText != day {
            day = p.dayText
            try sink.write("\n## \(p.weekdayName) \(p.day) \(p.monthName) \(p.year)\n\n")
        }
        let note = mood.note.replacing(ascii: "\n", with: "\n  ")
        let values = NamedScaleValues.of(mood, scales: vocabulary.scales).map { "\($0.name) \($0.value)" }.joined(separator: ", ")
        let parts = [p.timeText, vocabulary.levels.word(for: mood.level), note, mood.activities.hashtags, values].filter { !$0.isEmpty }
        try sink.write("- " + parts.joined(separator: " · ") + "\n")
    }

    mutating func end(_ sink: TextSink) throws {}
}
