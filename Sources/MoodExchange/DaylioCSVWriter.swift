import MoodKit

/// `full_date,date,weekday,time,mood,activities,scales,note_title,note`, the journal's words for
/// the levels or Daylio's mood names (`rad` for great), activities joined by ` | `, scales as `sleep: 7.5 | meds: yes`, line
/// breaks as `<br>`.
struct DaylioCSVWriter: ExportWriter {
    let clock: LocalDateTime
    private var vocabulary = JournalVocabulary()

    init(clock: LocalDateTime) { self.clock = clock }

    static let header = "full_date,date,weekday,time,mood,activities,scales,note_title,note"
    static let moodNames: [MoodLevel: String] = [.great: "rad", .good: "good", .meh: "meh", .bad: "bad", .awful: "awful"]

    mutating func begin(_ sink: TextSink, vocabulary: JournalVocabulary) throws {
        self.vocabulary = vocabulary
        try sink.write(Self.header + "\n")
    }

    mutating func write(_ mood: Mood, _ sink: TextSink) throws {
        let p = clock.parts(mood.date)
        let fields = [
            p.dayText, "\(p.monthName) \(p.day)", p.weekdayName, p.timeText, vocabulary.levels.isBuiltIn ? Self.moodNames[mood.level]! : vocabulary.levels.word(for: mood.level),
            mood.activities.names.map(\.text).joined(separator: " | "),
            NamedScaleValues.of(mood, scales: vocabulary.scales).map { "\($0.name): \($0.value)" }.joined(separator: " | "), "",
            mood.note.replacing(ascii: "\n", with: "<br>"),
        ]
        try sink.write(fields.map(CSVField.escaped).joined(separator: ",") + "\n")
    }

    mutating func end(_ sink: TextSink) throws {}
}

/// A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break.
enum CSVField {
    static func escaped(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
        else { return field }
        return "\"" + field.replacing(ascii: "\"", with: "\"\"") + "\""
    }
}
