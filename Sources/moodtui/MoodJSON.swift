import Foundation
import MoodKit

/// A mood as `list --json` and `watch --json` print it.
struct MoodJSON: Encodable {
    let id: String
    let date: String
    let level: Int
    let levelName: String
    let note: String
    /// The names of the mood's activities, in the order of their bytes.
    let activities: [String]
    let creatorID: String
    let modifiedAt: String
    let sync: String
    /// Why the server refused the mood, when it did.
    let syncError: String?

    init(_ mood: Mood) {
        id = mood.id.uuidString
        date = ISO8601.string(from: mood.date)
        level = mood.level.rawValue
        levelName = mood.level.name
        note = mood.note
        activities = mood.activities.names.map(\.text)
        creatorID = mood.creatorID
        modifiedAt = ISO8601.string(from: mood.modifiedAt)
        sync = mood.sync.summary.rawValue
        syncError = mood.sync.lastError
    }
}

/// ISO 8601 dates as moodtui writes them (reading them is ``MoodDateInput``'s).
enum ISO8601 {
    private static let withoutFraction = Date.ISO8601FormatStyle()

    /// `2026-11-22T08:30:00.123Z`: exactly the journal's milliseconds. Whole seconds are
    /// formatted and the milliseconds written from the integer, since Foundation's fraction
    /// truncates a `Double` and printed about half of all dates a millisecond early.
    static func string(from date: Date) -> String {
        let milliseconds = date.millisecondsSince1970
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1_000)
        let (wholeSeconds, millisecond) = fraction < 0 ? (seconds - 1, fraction + 1_000) : (seconds, fraction)
        let text = Date(timeIntervalSince1970: TimeInterval(wholeSeconds)).formatted(withoutFraction)
        let digits = String(millisecond)
        return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

}

/// One JSON value per line, flushed at once so that a script reading a pipe sees it immediately.
enum JSONLines {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func print(_ value: some Encodable) throws {
        let data = try encoder.encode(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
