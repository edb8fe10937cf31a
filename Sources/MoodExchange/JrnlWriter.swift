import MoodKit

/// jrnl's JSON shape: `{"entries": [{"title", "body", "date", "time", "tags", "starred"}],
/// "tags": {"@run": 3}}`, the level as a tag such as `@mood-good` that ``JrnlSource`` reads back.
struct JrnlWriter: ExportWriter {
    let clock: LocalDateTime
    private var first = true
    private var tagCounts: [String: Int] = [:]

    init(clock: LocalDateTime) { self.clock = clock }

    struct Entry: Encodable {
        let title: String
        let body: String
        let date: String
        let time: String
        let tags: [String]
        let starred: Bool
    }

    /// The tag that carries a mood's level, which `moodtui import --format jrnl` reads back.
    static func levelTag(_ level: MoodLevel) -> String { "@mood-\(level.name)" }

    mutating func begin(_ sink: TextSink, vocabulary: JournalVocabulary) throws { try sink.write("{\"entries\": [") }

    mutating func write(_ mood: Mood, _ sink: TextSink) throws {
        let lines = mood.note.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let tags = [Self.levelTag(mood.level)] + mood.activities.names.map { "@" + $0.text }
        for tag in tags { tagCounts[tag, default: 0] += 1 }
        let p = clock.parts(mood.date)
        let entry = Entry(
            title: lines.first.map(String.init) ?? "", body: lines.count > 1 ? String(lines[1]) : "", date: p.dayText,
            time: p.timeText, tags: tags, starred: false)
        try sink.write((first ? "\n" : ",\n") + OneLineJSON.string(entry))
        first = false
    }

    mutating func end(_ sink: TextSink) throws {
        try sink.write("\n], \"tags\": " + OneLineJSON.string(tagCounts) + "}\n")
    }
}
