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
    /// Starts the file; `vocabulary` names the journal's scales in use, whose values the moods
    /// carry, and its levels.
    mutating func begin(_ sink: TextSink, vocabulary: JournalVocabulary) throws
    mutating func write(_ mood: Mood, _ sink: TextSink) throws
    mutating func end(_ sink: TextSink) throws
}
