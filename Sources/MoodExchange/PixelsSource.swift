import Foundation
import MoodKit

/// A Pixels backup (`PIXELS-BACKUP-….json`): an array of days,
/// `{"date": "2024-1-5", "type": "Mood", "scores": [4], "notes": "…", "tags": [{"type": "Emotions", "entries": ["calm"]}]}`.
/// Each score is a mood (1 awful … 5 great) felt at noon of its day, as Pixels keeps no time;
/// the day's note goes with its first score and every tag entry becomes an activity. A backup
/// holds a pixel a day, so it is read whole.
public struct PixelsSource: ImportSource {
    public var formatName: String { ImportFormat.pixels.name }
    public let identityPrefix = "pixels"
    private var listed: ListedEntries

    struct Day: Decodable {
        let date: String
        let type: String?
        let scores: [Int]?
        let notes: String?
        let tags: [Tag]?
        struct Tag: Decodable {
            let type: String?
            let entries: [String]?
        }
    }

    /// Whether a file's first bytes start a Pixels array of days.
    static func recognizes(start: String) -> Bool {
        let compact = start.filter { !$0.isWhitespace }
        return compact.hasPrefix("[{") && compact.contains("\"scores\"")
    }

    /// - Throws: ``ImportError/badRow(_:)`` for a file that is not a Pixels backup.
    public init(bytes: [UInt8], timeZone: TimeZone = .current) throws {
        let days: [Day]
        do { days = try JSONDecoder().decode([Day].self, from: Data(bytes)) } catch {
            throw ImportError.badRow(ImportRowError(line: 1, column: "the file", value: "", reason: "is not a Pixels backup (a JSON array of days with scores)"))
        }
        let clock = LocalDateTime(timeZone: timeZone)
        var entries: [Result<ImportedEntry, ImportRowError>] = []
        for (number, day) in days.enumerated() where (day.type ?? "Mood") == "Mood" {
            // Pixels writes "2024-1-5"; a place in the array stands in for a line.
            let parts = day.date.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3, let valid = LocalDateTime.day("\(padded(parts[0], 4))-\(padded(parts[1], 2))-\(padded(parts[2], 2))"),
                  let noon = clock.moment(year: valid.year, month: valid.month, day: valid.day, hour: 12, minute: 0)
            else {
                entries.append(.failure(ImportRowError(line: number + 1, column: "date", value: day.date, reason: "is not a date such as 2024-1-5")))
                continue
            }
            let activities = (day.tags ?? []).flatMap { $0.entries ?? [] }
            for (index, score) in (day.scores ?? []).enumerated() {
                guard let level = MoodLevel(rawValue: score) else {
                    entries.append(.failure(ImportRowError(line: number + 1, column: "scores", value: "\(score)", reason: "is not a score from 1 to 5")))
                    continue
                }
                entries.append(.success(ImportedEntry(
                    line: number + 1, identity: "\(day.date)\n\(index)", date: noon, mood: .level(level),
                    note: index == 0 ? day.notes ?? "" : "", activities: activities)))
            }
        }
        listed = ListedEntries(entries)
    }

    public var fractionRead: Double { listed.fractionRead }

    public mutating func next() throws -> ImportedEntry? {
        try listed.next()
    }
}
