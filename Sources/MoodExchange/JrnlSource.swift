import Foundation
import MoodKit

/// jrnl's JSON (`jrnl --format json`): `{"tags": {…}, "entries": [{"title", "body", "date":
/// "YYYY-MM-DD", "time": "HH:MM", "tags": ["@tag"], "starred"}]}`. jrnl keeps no mood, so an
/// entry's level comes from a `@mood-good` (or `@mood-4`) tag as `moodtui export --format jrnl`
/// writes it, from a tag `--map` places (`--map "@happy=5"`), or from `--level`. The title and
/// body become the note, the other tags activities. A journal file is read whole.
public struct JrnlSource: ImportSource {
    public var formatName: String { ImportFormat.jrnl.name }
    public let identityPrefix = "jrnl"
    private var listed: ListedEntries

    struct File: Decodable {
        let entries: [Entry]
        struct Entry: Decodable {
            let title: String?
            let body: String?
            let date: String
            let time: String?
            let tags: [String]?
        }
    }

    /// The tag prefix that carries a level.
    static let levelTagPrefix = "@mood-"

    /// Whether a file's first bytes start jrnl's JSON object.
    static func recognizes(start: String) -> Bool {
        let compact = start.filter { !$0.isWhitespace }
        return compact.hasPrefix("{\"tags\"") || compact.hasPrefix("{\"entries\"")
    }

    /// - Throws: ``ImportError/badRow(_:)`` for a file that is not jrnl's JSON.
    public init(bytes: [UInt8], timeZone: TimeZone = .current) throws {
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: Data(bytes)) } catch {
            throw ImportError.badRow(ImportRowError(line: 1, column: "the file", value: "", reason: "is not jrnl's JSON (an object with entries)"))
        }
        let clock = LocalDateTime(timeZone: timeZone)
        listed = ListedEntries(file.entries.enumerated().map { number, entry in
            // A place in the list stands in for a line.
            let place = number + 1
            let timeText = entry.time ?? "00:00"
            guard let day = LocalDateTime.day(entry.date) else {
                return .failure(ImportRowError(line: place, column: "date", value: entry.date, reason: "is not a date such as 2024-03-01"))
            }
            guard let time = LocalDateTime.time(timeText),
                  let date = clock.moment(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute)
            else { return .failure(ImportRowError(line: place, column: "time", value: timeText, reason: "is not a time such as 09:30")) }
            let tags = entry.tags ?? []
            let levelTag = tags.first { $0.lowercased().hasPrefix(Self.levelTagPrefix) }
            let level = levelTag.flatMap { try? MoodLevel(parsing: String($0.dropFirst(Self.levelTagPrefix.count))) }
            let title = entry.title ?? "", body = entry.body ?? ""
            return .success(ImportedEntry(
                line: place, identity: "\(entry.date) \(timeText)\n\(title)", date: date,
                mood: level.map(MoodLabel.level) ?? .tagged(tags),
                note: [title, body].map(\.trimmingBlanks).filter { !$0.isEmpty }.joined(separator: "\n"),
                activities: tags.filter { $0 != levelTag }.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }))
        })
    }

    public var fractionRead: Double { listed.fractionRead }

    public mutating func next() throws -> ImportedEntry? {
        try listed.next()
    }
}
