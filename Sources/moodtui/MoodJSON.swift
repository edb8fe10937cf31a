import Foundation
import MoodExchange
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
    /// The values of the scales in use, by name: `{"sleep": 7.5, "anxiety": 4, "meds": true}`.
    let scales: [String: ScaleValueJSON]
    let creatorID: String
    /// `nil` when no change is recorded (an imported mood no one has changed since).
    let modifiedAt: String?
    let sync: String
    /// Why the server refused the mood, when it did.
    let syncError: String?

    /// - Parameter vocabulary: the journal's scales in use (values of others are left out) and
    ///   level words.
    init(_ mood: Mood, _ vocabulary: JournalVocabulary) {
        id = mood.id.uuidString
        date = ISO8601.string(from: mood.date)
        level = mood.level.rawValue
        levelName = vocabulary.levels.word(for: mood.level)
        note = mood.note
        activities = mood.activities.names.map(\.text)
        self.scales = ScaleValueJSON.values(of: mood, scales: vocabulary.scales)
        creatorID = mood.creatorID
        modifiedAt = mood.modifiedAt.map(ISO8601.string(from:))
        sync = mood.sync.summary.rawValue
        syncError = mood.sync.lastError
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
