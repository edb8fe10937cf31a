import Foundation
import MoodKit

/// moodtui's own JSON (`moodtui export --format json`): an array with one mood per line, read a
/// line at a time. Moods keep their ids and devices, so importing an export into another journal
/// makes the same list, and importing it twice adds nothing.
public struct MoodtuiJSONSource: ImportSource {
    public var formatName: String { ImportFormat.json.name }
    public let identityPrefix = "moodtui"
    private var lines: LineReader
    private let decoder = JSONDecoder()

    public init(_ source: some ByteChunks) {
        lines = LineReader(source)
    }

    /// Whether a file's first line starts moodtui's JSON array.
    static func recognizes(firstLine: String) -> Bool {
        firstLine.trimmingSpaces == "["
    }

    public var fractionRead: Double { lines.fractionRead }

    public mutating func next() throws -> ImportedEntry? {
        while let text = try lines.next() {
            var trimmed = Substring(text.trimmingSpaces)
            if trimmed.isEmpty || trimmed == "[" || trimmed == "]" { continue }
            if trimmed.hasSuffix(",") { trimmed = trimmed.dropLast() }
            return try entry(from: String(trimmed), line: lines.line)
        }
        return nil
    }

    private func entry(from text: String, line: Int) throws -> ImportedEntry {
        func bad(_ column: String, _ value: String, _ reason: String) -> ImportError {
            .badRow(ImportRowError(line: line, column: column, value: value, reason: reason))
        }
        let mood: ExchangedMood
        do { mood = try decoder.decode(ExchangedMood.self, from: Data(text.utf8)) } catch {
            throw bad("the mood", text, "is not a mood of moodtui's JSON (one per line, as moodtui export writes it)")
        }
        guard let id = UUID(uuidString: mood.id) else { throw bad("id", mood.id, "is not a UUID") }
        guard let level = MoodLevel(rawValue: mood.level) else { throw bad("level", "\(mood.level)", "is not a level from 1 to 5") }
        guard let date = try? Date(mood.date, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) else {
            throw bad("date", mood.date, "is not a date such as 2026-11-22T08:30:00.000Z")
        }
        let creatorID: String
        do { creatorID = try MoodCreatorID.validated(mood.creatorID) } catch { throw bad("creatorID", mood.creatorID, "\(error)") }
        return ImportedEntry(
            line: line, identity: mood.id, date: date.roundedToMilliseconds,
            mood: .level(level), note: mood.note, activities: mood.activities, id: id, creatorID: creatorID)
    }
}
