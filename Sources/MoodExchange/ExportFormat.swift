import Foundation
import MoodKit

/// The formats `moodtui export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// moodtui's own, lossless: a JSON array with one mood per line (see ``ExchangedMood``).
    case json
    /// Daylio's current CSV header, so that tools that read Daylio's export read this one.
    case csv
    /// A diary: a heading per day, a line per mood.
    case markdown
    /// jrnl's JSON shape (`jrnl --format json`), the level as a tag such as `@mood-good`.
    case jrnl

    /// The order the format lists moods in.
    var order: MoodSortOrder {
        switch self {
        case .csv: .newestFirst  // as Daylio writes it
        case .json, .markdown, .jrnl: .oldestFirst
        }
    }

    func writer(clock: LocalDateTime) -> any ExportWriter {
        switch self {
        case .json: MoodtuiJSONWriter(clock: clock)
        case .csv: DaylioCSVWriter(clock: clock)
        case .markdown: MarkdownWriter(clock: clock)
        case .jrnl: JrnlWriter(clock: clock)
        }
    }
}

/// Writes one format, a mood at a time.
protocol ExportWriter {
    mutating func begin(_ sink: TextSink) throws
    mutating func write(_ mood: Mood, _ sink: TextSink) throws
    mutating func end(_ sink: TextSink) throws
}

/// JSON text of a value on one line, keys sorted: the same mood always reads the same.
enum OneLineJSON {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func string(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

struct MoodtuiJSONWriter: ExportWriter {
    let clock: LocalDateTime
    private var first = true

    init(clock: LocalDateTime) { self.clock = clock }

    mutating func begin(_ sink: TextSink) throws { try sink.write("[") }

    mutating func write(_ mood: Mood, _ sink: TextSink) throws {
        try sink.write((first ? "\n" : ",\n") + OneLineJSON.string(ExchangedMood(mood, clock: clock)))
        first = false
    }

    mutating func end(_ sink: TextSink) throws { try sink.write("\n]\n") }
}

/// `full_date,date,weekday,time,mood,activities,scales,note_title,note`, Daylio's mood names
/// (`rad` for great), activities joined by ` | `, line breaks as `<br>`.
struct DaylioCSVWriter: ExportWriter {
    let clock: LocalDateTime

    static let header = "full_date,date,weekday,time,mood,activities,scales,note_title,note"
    static let moodNames: [MoodLevel: String] = [.great: "rad", .good: "good", .meh: "meh", .bad: "bad", .awful: "awful"]

    mutating func begin(_ sink: TextSink) throws { try sink.write(Self.header + "\n") }

    mutating func write(_ mood: Mood, _ sink: TextSink) throws {
        let p = clock.parts(mood.date)
        let fields = [
            clock.day(mood.date), "\(LocalDateTime.months[p.month - 1]) \(p.day)", LocalDateTime.weekdays[p.weekday],
            clock.time(mood.date), Self.moodNames[mood.level]!, mood.activities.names.map(\.text).joined(separator: " | "), "", "",
            mood.note.replacingOccurrences(of: "\n", with: "<br>"),
        ]
        try sink.write(fields.map(CSVField.escaped).joined(separator: ",") + "\n")
    }

    mutating func end(_ sink: TextSink) throws {}
}

/// A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break.
enum CSVField {
    static func escaped(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// `## Monday 16 November 2026` over each day, then `- 08:30 · good · the note · #run`.
struct MarkdownWriter: ExportWriter {
    let clock: LocalDateTime
    private var day = ""

    init(clock: LocalDateTime) { self.clock = clock }

    mutating func begin(_ sink: TextSink) throws { try sink.write("# Mood journal\n") }

    mutating func write(_ mood: Mood, _ sink: TextSink) throws {
        let p = clock.parts(mood.date)
        let today = clock.day(mood.date)
        if today != day {
            day = today
            try sink.write("\n## \(LocalDateTime.weekdays[p.weekday]) \(p.day) \(LocalDateTime.months[p.month - 1]) \(p.year)\n\n")
        }
        let note = mood.note.replacingOccurrences(of: "\n", with: "\n  ")
        let tags = mood.activities.hashtags
        let parts = [clock.time(mood.date), mood.level.name, note, tags].filter { !$0.isEmpty }
        try sink.write("- " + parts.joined(separator: " · ") + "\n")
    }

    mutating func end(_ sink: TextSink) throws {}
}

/// `{"entries": [{"title", "body", "date", "time", "tags", "starred"}], "tags": {"@run": 3}}`.
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

    mutating func begin(_ sink: TextSink) throws { try sink.write("{\"entries\": [") }

    mutating func write(_ mood: Mood, _ sink: TextSink) throws {
        let lines = mood.note.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let tags = [Self.levelTag(mood.level)] + mood.activities.names.map { "@" + $0.text }
        for tag in tags { tagCounts[tag, default: 0] += 1 }
        let entry = Entry(
            title: lines.first.map(String.init) ?? "", body: lines.count > 1 ? String(lines[1]) : "", date: clock.day(mood.date),
            time: clock.time(mood.date), tags: tags, starred: false)
        try sink.write((first ? "\n" : ",\n") + OneLineJSON.string(entry))
        first = false
    }

    mutating func end(_ sink: TextSink) throws {
        try sink.write("\n], \"tags\": " + OneLineJSON.string(tagCounts) + "}\n")
    }
}
