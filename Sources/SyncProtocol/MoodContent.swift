import Foundation
import MoodKit

/// What a person wrote about one mood, as it travels between devices and the server: every
/// field of a mood except its id and the server's bookkeeping.
///
/// On the wire, dates are integers: milliseconds since 1970-01-01T00:00:00Z (the precision the
/// journal keeps). Two contents are equal when every field is equal; the server uses that to
/// recognise a retried upload.
public struct MoodContent: Hashable, Sendable {
    /// When the mood was felt.
    public var date: Date
    /// When a person last changed the mood.
    public var modifiedAt: Date
    /// How the person felt, 1–5.
    public var level: MoodLevel
    /// Trimmed free text, at most ``MoodNote/maximumLength`` characters.
    public var note: String
    /// The device that created the mood, at most ``SyncLimits/maximumCreatorIDLength`` characters.
    public var creatorID: String

    /// Makes a content from already validated values; dates are cut to whole milliseconds.
    public init(date: Date, modifiedAt: Date, level: MoodLevel, note: String, creatorID: String) {
        self.date = date.roundedToMilliseconds
        self.modifiedAt = modifiedAt.roundedToMilliseconds
        self.level = level
        self.note = note
        self.creatorID = creatorID
    }

    /// The content of a journal mood.
    public init(_ mood: Mood) {
        self.init(date: mood.date, modifiedAt: mood.modifiedAt, level: mood.level, note: mood.note, creatorID: mood.creatorID)
    }
}

extension MoodContent: Codable {
    enum CodingKeys: String, CodingKey {
        case date, modifiedAt, level, note, creatorID
    }

    /// Decodes and validates: a level outside 1–5, a note past the limit (after trimming) or an
    /// empty or overlong creator id is a `DecodingError.dataCorrupted` naming the field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let rawLevel = try container.decode(Int.self, forKey: .level)
        guard let level = MoodLevel(rawValue: rawLevel) else {
            throw DecodingError.dataCorruptedError(
                forKey: .level, in: container, debugDescription: "level must be 1–5, got \(rawLevel)")
        }
        let note: String
        let rawNote = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
        do {
            note = try MoodNote.normalized(rawNote)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .note, in: container, debugDescription: error.description)
        }
        let creatorID = try container.decode(String.self, forKey: .creatorID)
        guard !creatorID.isEmpty, creatorID.count <= SyncLimits.maximumCreatorIDLength else {
            throw DecodingError.dataCorruptedError(
                forKey: .creatorID, in: container,
                debugDescription: "creatorID must be 1–\(SyncLimits.maximumCreatorIDLength) characters")
        }
        self.init(
            date: Date(millisecondsSince1970: try container.decode(Int64.self, forKey: .date)),
            modifiedAt: Date(millisecondsSince1970: try container.decode(Int64.self, forKey: .modifiedAt)),
            level: level, note: note, creatorID: creatorID)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date.millisecondsSince1970, forKey: .date)
        try container.encode(modifiedAt.millisecondsSince1970, forKey: .modifiedAt)
        try container.encode(level.rawValue, forKey: .level)
        try container.encode(note, forKey: .note)
        try container.encode(creatorID, forKey: .creatorID)
    }
}
