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
    /// Free text that follows ``MoodNote``'s rules.
    public var note: String
    /// The device that created the mood; follows ``MoodCreatorID``'s rules.
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

    /// Decodes and validates, once, for the server on upload and the client on download: a
    /// level outside 1–5, a date outside ``MoodDateRange`` (checked as an integer, before any
    /// conversion), a note that breaks ``MoodNote``'s rules or is not trimmed, or a creator id
    /// that breaks ``MoodCreatorID``'s is a `DecodingError.dataCorrupted` naming the field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func checked<T>(_ key: CodingKeys, _ rule: () throws(MoodValidationError) -> T) throws -> T {
            do { return try rule() } catch {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
            }
        }
        let rawLevel = try container.decode(Int.self, forKey: .level)
        let level = try checked(.level) { () throws(MoodValidationError) in
            guard let level = MoodLevel(rawValue: rawLevel) else { throw .invalidLevel(String(rawLevel)) }
            return level
        }
        let rawNote = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
        let rawCreatorID = try container.decode(String.self, forKey: .creatorID)
        let rawDate = try container.decode(Int64.self, forKey: .date)
        let rawModifiedAt = try container.decode(Int64.self, forKey: .modifiedAt)
        self.init(
            date: try checked(.date) { () throws(MoodValidationError) in try MoodDateRange.date(milliseconds: rawDate, field: .date) },
            modifiedAt: try checked(.modifiedAt) { () throws(MoodValidationError) in
                try MoodDateRange.date(milliseconds: rawModifiedAt, field: .modifiedAt)
            },
            level: level,
            note: try checked(.note) { () throws(MoodValidationError) in try MoodNote.validated(rawNote) },
            creatorID: try checked(.creatorID) { () throws(MoodValidationError) in try MoodCreatorID.validated(rawCreatorID) })
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
