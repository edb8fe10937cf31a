import Foundation
import MoodKit

/// A Daylio backup (`.daylio`): a zip whose `backup.daylio` is JSON in base64, with
/// `dayEntries` (`{"datetime": ms, "year", "month" (from 0), "day", "hour", "minute", "mood",
/// "note_title", "note", "tags": [ids]}`), `customMoods` (`{"id", "custom_name",
/// "predefined_name_id", "mood_group_id"}`, whose group 1 to 5 is the level, 1 the best) and
/// `tags` (`{"id", "name"}`).
///
/// Each entry keeps its exact moment (`datetime`), its level, its note (title and text, with
/// Daylio's `<br>` as a line break) and its activities. Photos and goals have no
/// place in moodtui and are left out. An entry's identity is its clock time and mood name, as in
/// Daylio's CSV: a backup and a CSV export of the same entries import once (when the moods
/// carry their English or custom names, which the CSV writes).
public struct DaylioBackupSource: ImportSource {
    public var formatName: String { ImportFormat.daylioBackup.name }
    public let identityPrefix = DaylioCSVSource.identityPrefix
    private var listed: ListedEntries

    /// The largest journal moodtui unpacks from a backup (base64 text): ten years of entries take
    /// a few megabytes, and a zip that claims more (or unpacks to more than it claims) is refused
    /// before it fills memory.
    public static let maximumUnpackedBytes = 256 << 20

    /// The file inside the zip that holds the journal.
    static let journalFile = "backup.daylio"

    struct Backup: Decodable {
        let dayEntries: [Entry]
        let customMoods: [CustomMood]
        let tags: [Tag]?

        struct Entry: Decodable {
            let datetime: Int64
            let year, month, day, hour, minute: Int
            let mood: Int
            let note: String?
            let note_title: String?
            let tags: [Int]?

            /// The first clock field outside what a day and a time can be, with its value and
            /// why, checked before any arithmetic on them (`month + 1` traps on `Int.max`).
            var outOfRangeField: (column: String, value: String, reason: String)? {
                let fields: [(String, Int, ClosedRange<Int>, String)] = [
                    ("year", year, 1...9999, "a year from 1 to 9999"), ("month", month, 0...11, "a month from 0 (January) to 11 (December)"),
                    ("day", day, 1...31, "a day of the month from 1 to 31"), ("hour", hour, 0...23, "an hour from 0 to 23"),
                    ("minute", minute, 0...59, "a minute from 0 to 59"),
                ]
                if let (column, value, _, words) = fields.first(where: { !$0.2.contains($0.1) }) {
                    return (column, "\(value)", "is not \(words)")
                }
                guard MoodDateRange.milliseconds.contains(datetime) else {
                    return ("datetime", "\(datetime)", "is not a moment from 1970 to 9999 in milliseconds since 1970")
                }
                return nil
            }
        }

        struct CustomMood: Decodable {
            let id: Int
            let custom_name: String?
            let predefined_name_id: Int?
            let mood_group_id: Int
        }

        struct Tag: Decodable {
            let id: Int
            let name: String
        }
    }

    /// Whether a file's first bytes start a zip.
    static func recognizes(start: [UInt8]) -> Bool {
        start.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    /// - Parameter maximumBytes: the largest journal unpacked (tests make it small).
    /// - Throws: ``ImportError`` when the file is not a Daylio backup, in words.
    public init(path: String, maximumBytes: Int = maximumUnpackedBytes) throws {
        let backup: Backup
        do {
            backup = try JSONDecoder().decode(Backup.self, from: try Self.journal(path: path, maximumBytes: maximumBytes))
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.notThisFormat(path: path, format: ImportFormat.daylioBackup.name, reason: "its journal has no dayEntries and customMoods")
        }
        listed = ListedEntries(Self.entries(of: backup))
    }

    /// The JSON in the zip's `backup.daylio`, unpacked and decoded from base64.
    private static func journal(path: String, maximumBytes: Int) throws -> Data {
        let notBackup = ImportError.notThisFormat(path: path, format: ImportFormat.daylioBackup.name, reason: "it is no zip holding \(journalFile)")
        guard let zip = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { throw ImportError.unreadableFile(path) }
        let base64: [UInt8]
        do {
            base64 = try ZipMember.contents(of: journalFile, in: zip, maximumBytes: maximumBytes)
        } catch .tooLarge {
            throw ImportError.tooLarge(path: path, limit: maximumBytes)
        } catch {
            throw notBackup
        }
        guard let json = Data(base64Encoded: Data(base64), options: .ignoreUnknownCharacters) else { throw notBackup }
        return json
    }

    /// Daylio's five moods by `predefined_name_id`, as its CSV names them in English.
    static let predefinedNames = [1: "rad", 2: "good", 3: "meh", 4: "bad", 5: "awful"]

    private static func entries(of backup: Backup) -> [Result<ImportedEntry, ImportRowError>] {
        let moods = Dictionary(backup.customMoods.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let tags = Dictionary((backup.tags ?? []).map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return backup.dayEntries.enumerated().map { place, entry in
            // A place in the list stands in for a line, from 1.
            func bad(_ column: String, _ value: String, _ reason: String) -> Result<ImportedEntry, ImportRowError> {
                .failure(ImportRowError(line: place + 1, column: column, value: value, reason: reason))
            }
            guard let mood = moods[entry.mood] else { return bad("mood", "\(entry.mood)", "is no mood of the backup's customMoods") }
            guard let level = level(group: mood.mood_group_id) else {
                return bad("mood_group_id", "\(mood.mood_group_id)", "is not a group from 1 (best) to 5 (worst)")
            }
            var activities: [String] = []
            for id in entry.tags ?? [] {
                guard let name = tags[id] else { return bad("tags", "\(id)", "is no tag of the backup's tags") }
                activities.append(name)
            }
            if let (column, value, reason) = entry.outOfRangeField { return bad(column, value, reason) }
            let name = mood.custom_name.flatMap { $0.isEmpty ? nil : $0 } ?? mood.predefined_name_id.flatMap { predefinedNames[$0] } ?? "mood \(mood.id)"
            let moment = "\(padded(entry.year, 4))-\(padded(entry.month + 1, 2))-\(padded(entry.day, 2)) \(padded(entry.hour, 2)):\(padded(entry.minute, 2)):00"
            let note = DaylioNote.text(title: entry.note_title ?? "", body: entry.note ?? "")
            return .success(ImportedEntry(
                line: place + 1, identity: DaylioCSVSource.identity(moment: moment, mood: name),
                date: Date(millisecondsSince1970: entry.datetime), mood: .level(level), note: note, activities: activities))
        }
    }

    /// Daylio's mood groups: 1 is the best.
    private static func level(group: Int) -> MoodLevel? {
        (1...5).contains(group) ? MoodLevel(rawValue: 6 - group) : nil
    }

    public var fractionRead: Double { listed.fractionRead }

    public mutating func next() throws -> ImportedEntry? {
        try listed.next()
    }
}
