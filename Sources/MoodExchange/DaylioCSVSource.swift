import Foundation

/// Daylio's CSV export, in every shape it has had:
///
///     year,date,weekday,time,mood,activities,note
///     full_date,date,weekday,time,mood,activities,note
///     full_date,date,weekday,time,mood,activities,note_title,note
///     full_date,date,weekday,time,mood,activities,scales,note_title,note
///
/// Columns are found by name, so their order does not matter. `date` and `weekday` are written
/// in the phone's language, so the day is read from `full_date` (or from `year` and an English
/// `date` in the oldest shape); `time` may be 12- or 24-hour. Activities are joined by ` | `;
/// `note_title` and `note` become one note, and `<br>` a line break. `scales` holds
/// `Energy: 4 | Sleep: 7.5`, each a value of a scale.
public struct DaylioCSVSource: ImportSource {
    public var formatName: String { ImportFormat.daylio.name }
    public var identityPrefix: String { Self.identityPrefix }
    /// Daylio's entries, from a CSV export or a backup: the same entry is the same mood.
    static let identityPrefix = "daylio"
    private var reader: CSVRecordReader
    private let columns: Columns
    private let clock: LocalDateTime

    private struct Columns {
        let header: [String]
        let fullDate, year, date, time, mood, activities, scales, noteTitle, note: Int?
    }

    /// Reads the header line.
    /// - Throws: ``ImportError/missingColumns(format:missing:found:)`` when it is not Daylio's.
    public init(_ source: some ByteChunks, timeZone: TimeZone = .current) throws {
        reader = CSVRecordReader(source)
        clock = LocalDateTime(timeZone: timeZone)
        let header = try reader.next()?.fields.map { $0.trimmingSpaces.lowercased() } ?? []
        func index(_ name: String) -> Int? { header.firstIndex(of: name) }
        columns = Columns(
            header: header, fullDate: index("full_date"), year: index("year"), date: index("date"), time: index("time"),
            mood: index("mood"), activities: index("activities"), scales: index("scales"), noteTitle: index("note_title"), note: index("note"))
        var missing: [String] = []
        if columns.fullDate == nil && (columns.year == nil || columns.date == nil) { missing.append("full_date") }
        if columns.time == nil { missing.append("time") }
        if columns.mood == nil { missing.append("mood") }
        guard missing.isEmpty else { throw ImportError.missingColumns(format: formatName, missing: missing, found: header) }
    }

    /// Whether a file's first line is Daylio's header.
    public static func recognizes(header: [String]) -> Bool {
        let names = Set(header.map { $0.trimmingSpaces.lowercased() })
        return names.isSuperset(of: ["time", "mood", "weekday"]) && (names.contains("full_date") || names.contains("year"))
    }

    public var fractionRead: Double { reader.fractionRead }

    public mutating func next() throws -> ImportedEntry? {
        guard var record = try reader.next() else { return nil }
        while record.fields == [""] {  // a blank line
            guard let next = try reader.next() else { return nil }
            record = next
        }
        let line = record.line
        let fields = record.fields
        guard fields.count == columns.header.count else {
            throw ImportError.badRow(ImportRowError(
                line: line, column: "the row", value: fields.joined(separator: ","),
                reason: "has \(fields.count) fields where the header has \(columns.header.count)"))
        }
        func field(_ index: Int?) -> String { index.map { fields[$0] } ?? "" }
        let (year, month, day) = try Self.day(fields: fields, columns: columns, line: line)
        let timeText = field(columns.time)
        guard let time = LocalDateTime.time(timeText) else {
            throw ImportError.badRow(ImportRowError(line: line, column: "time", value: timeText, reason: "is not a time such as 8:30 pm or 20:30"))
        }
        guard let date = clock.moment(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second) else {
            throw ImportError.badRow(ImportRowError(line: line, column: "time", value: timeText, reason: "is not a moment of that day"))
        }
        let mood = field(columns.mood).trimmingSpaces
        guard !mood.isEmpty else {
            throw ImportError.badRow(ImportRowError(line: line, column: "mood", value: "", reason: "is empty"))
        }
        let activities = field(columns.activities).parts(separatedBy: " | ").map(\.trimmingSpaces).filter { !$0.isEmpty }
        let note = DaylioNote.text(title: field(columns.noteTitle), body: field(columns.note))
        let scales = try Self.scaleValues(field(columns.scales), line: line)
        let moment = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2)) \(padded(time.hour, 2)):\(padded(time.minute, 2)):\(padded(time.second, 2))"
        return ImportedEntry(
            line: line, identity: Self.identity(moment: moment, mood: mood), date: date, mood: .named(mood), note: note,
            activities: activities, scales: scales)
    }

    /// `Energy: 4 | Sleep: 7.5` (Daylio puts a no-break space after the colon) as values by name.
    private static func scaleValues(_ text: String, line: Int) throws -> [ImportedScaleValue] {
        try text.parts(separatedBy: " | ").map(\.trimmingSpaces).filter { !$0.isEmpty }.map { part in
            guard let colon = part.lastIndex(of: ":") else {
                throw ImportError.badRow(ImportRowError(line: line, column: "scales", value: part, reason: "is not NAME: VALUE, such as Energy: 4"))
            }
            return ImportedScaleValue(
                name: part[..<colon].trimmingSpaces,
                typed: part[part.index(after: colon)...].trimmingSpaces)
        }
    }

    /// An entry is its clock time (`2024-03-01 20:30:00`) and mood name: what stays when a note
    /// is edited in Daylio.
    static func identity(moment: String, mood: String) -> String { "\(moment)\n\(mood)" }

    /// The entry's day: `full_date`, or `year` with an English `date` (`November 16`, `16 Nov`).
    private static func day(fields: [String], columns: Columns, line: Int) throws -> (Int, Int, Int) {
        if let index = columns.fullDate {
            guard let day = LocalDateTime.day(fields[index]) else {
                throw ImportError.badRow(ImportRowError(line: line, column: "full_date", value: fields[index], reason: "is not a date such as 2024-03-01"))
            }
            return day
        }
        let (yearText, dateText) = (fields[columns.year!], fields[columns.date!])
        guard let day = LocalDateTime.day(year: yearText, englishDate: dateText) else {
            throw ImportError.badRow(ImportRowError(
                line: line, column: "date", value: "\(yearText) \(dateText)",
                reason: "is not a date moodtui can read; export again from a newer Daylio, whose files have full_date"))
        }
        return day
    }
}
