import Foundation
import MoodKit

/// moodtui's own JSON (`moodtui export --format json`): an array with one mood per line, read a
/// line at a time. Moods keep their ids and devices, so importing an export into another journal
/// makes the same list, and importing it twice adds nothing. A first element that names scales
/// (``ExchangedScaleList``) gives the scales the values are read by.
public struct MoodtuiJSONSource: ImportSource {
    public var formatName: String { ImportFormat.json.name }
    public let identityPrefix = "moodtui"
    public private(set) var scaleDefinitions: [ImportedScale] = []
    private var lines: LineReader
    /// The first element, read to look for scales, when it is a mood.
    private var firstMood: (text: String, line: Int)?
    private let decoder = JSONDecoder()

    /// Reads up to the first element, which may name the file's scales.
    /// - Throws: ``ImportError`` when the scales it names break the rules.
    public init(_ source: some ByteChunks) throws {
        lines = LineReader(source)
        guard let first = try nextElement() else { return }
        guard let list = try? decoder.decode(ExchangedScaleList.self, from: Data(first.utf8)) else {
            firstMood = (first, lines.line)
            return
        }
        for scale in list.scales {
            do { scaleDefinitions.append(try scale.definition()) } catch {
                throw ImportError.badScale(line: lines.line, name: scale.name, reason: "\(error)")
            }
        }
    }

    /// Whether a file's first line starts moodtui's JSON array.
    static func recognizes(firstLine: String) -> Bool {
        firstLine.trimmingSpaces == "["
    }

    public var fractionRead: Double { lines.fractionRead }

    public mutating func next() throws -> ImportedEntry? {
        if let first = firstMood {
            firstMood = nil
            return try entry(from: first.text, line: first.line)
        }
        return try nextElement().map { try entry(from: $0, line: lines.line) }
    }

    /// The next element's text, without the comma after it.
    private mutating func nextElement() throws -> String? {
        while let text = try lines.next() {
            var trimmed = Substring(text.trimmingSpaces)
            if trimmed.isEmpty || trimmed == "[" || trimmed == "]" { continue }
            if trimmed.hasSuffix(",") { trimmed = trimmed.dropLast() }
            return String(trimmed)
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
            mood: .level(level), note: mood.note, activities: mood.activities, id: id, creatorID: creatorID,
            scales: (mood.scales ?? [:]).sorted { $0.key < $1.key }.map { ImportedScaleValue(name: $0.key, typed: $0.value.typed) })
    }
}
