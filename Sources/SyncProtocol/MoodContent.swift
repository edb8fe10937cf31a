import Foundation
import MoodKit

/// What a person wrote about one mood, as it travels between devices and the server: every
/// field of a mood except its id and the server's bookkeeping, with the clock stamp of each
/// field's last change, which devices merge by.
///
/// ```json
/// {"activities": {"run": {"added": ["1795000000000.0@laptop-7f3a"]},
///                 "tea": {"added": [], "removed": ["1795000000000.0@laptop-7f3a"]}},
///  "creatorID": "laptop-7f3a", "date": 1795000000000, "level": 4, "note": "good run",
///  "stamps": {"date": "1795000000000.0@laptop-7f3a", "level": "1795003600000.0@phone-1c2d",
///             "note": "1795000000000.0@laptop-7f3a"}}
/// ```
///
/// Dates are integers: milliseconds since 1970-01-01T00:00:00Z (the precision the journal
/// keeps); stamps are `HybridTimestamp` text. `activities` holds every activity the mood has
/// had, with the stamps of its additions and of the additions a removal saw
/// (`ActivityHistory`): the mood has `run`, and had `tea`. `scales`, left out when there are
/// none, holds each scale value with its own stamp (`ScaleValuesJSON`). Two contents are equal when every field and
/// stamp is equal; the server uses that to recognise a retried upload, without reading them.
public struct MoodContent: Hashable, Sendable {
    /// When the mood was felt.
    public var date: Date
    /// How the person felt, 1–5.
    public var level: MoodLevel
    /// Free text that follows `MoodNote`'s rules.
    public var note: String
    /// The device that created the mood; follows `MoodCreatorID`'s rules.
    public var creatorID: String
    /// When each field last changed.
    public var stamps: MoodStamps
    /// The activities and their histories.
    public var activities: ActivitySet
    /// The scales' values, each with its stamp.
    public var scales: ScaleValues

    /// Makes a content from already validated values; the date is cut to whole milliseconds.
    public init(
        date: Date, level: MoodLevel, note: String, creatorID: String, stamps: MoodStamps, activities: ActivitySet = ActivitySet(),
        scales: ScaleValues = ScaleValues()
    ) {
        self.date = date.roundedToMilliseconds
        self.level = level
        self.note = note
        self.creatorID = creatorID
        self.stamps = stamps
        self.activities = activities
        self.scales = scales
    }

    /// The content of a journal mood.
    public init(_ mood: Mood) {
        self.init(
            date: mood.date, level: mood.level, note: mood.note, creatorID: mood.creatorID, stamps: mood.stamps,
            activities: mood.activities, scales: mood.scales)
    }

    /// The fields with their stamps, to merge with a device's copy.
    public var fields: MoodFields {
        MoodFields(level: level, note: note, date: date, stamps: stamps, activities: activities, scales: scales)
    }
}

extension MoodContent: Codable {
    enum CodingKeys: String, CodingKey {
        case date, level, note, creatorID, stamps, activities, scales
    }

    enum StampKeys: String, CodingKey {
        case date, level, note
    }

    /// Decodes and validates, once, for the server on upload and the client on download: a
    /// level outside 1–5, a date outside `MoodDateRange` (checked as an integer, before any
    /// conversion), a note that breaks `MoodNote`'s rules or is not trimmed, a creator id that
    /// breaks `MoodCreatorID`'s, a stamp that `HybridTimestamp/validated(_:)` refuses, activities
    /// that break `ActivitySet`'s rules, or scale values `ScaleValuesJSON` refuses is a `DecodingError.dataCorrupted` naming
    /// the field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let rawLevel = try container.decode(Int.self, forKey: .level)
        let level = try Self.checked(.level, in: container) { () throws(MoodValidationError) in
            guard let level = MoodLevel(rawValue: rawLevel) else { throw .invalidLevel(String(rawLevel)) }
            return level
        }
        let rawNote = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
        let rawCreatorID = try container.decode(String.self, forKey: .creatorID)
        let rawDate = try container.decode(Int64.self, forKey: .date)
        let stamps = try container.nestedContainer(keyedBy: StampKeys.self, forKey: .stamps)
        func stamp(_ key: StampKeys) throws -> HybridTimestamp {
            let text = try stamps.decode(String.self, forKey: key)
            return try Self.checked(key, in: stamps) { () throws(MoodValidationError) in try HybridTimestamp.validated(text) }
        }
        self.init(
            date: try Self.checked(.date, in: container) { () throws(MoodValidationError) in
                try MoodDateRange.date(milliseconds: rawDate, field: .date)
            },
            level: level,
            note: try Self.checked(.note, in: container) { () throws(MoodValidationError) in try MoodNote.validated(rawNote) },
            creatorID: try Self.checked(.creatorID, in: container) { () throws(MoodValidationError) in
                try MoodCreatorID.validated(rawCreatorID)
            },
            stamps: MoodStamps(level: try stamp(.level), note: try stamp(.note), date: try stamp(.date)),
            activities: try ActivitySetJSON.decode(from: container, forKey: .activities),
            scales: try ScaleValuesJSON.decode(from: container, forKey: .scales))
    }

    /// `rule`'s value, or its refusal as a `DecodingError` at `key`.
    static func checked<Key: CodingKey, T>(
        _ key: Key, in container: KeyedDecodingContainer<Key>, _ rule: () throws(MoodValidationError) -> T
    ) throws -> T {
        do { return try rule() } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date.millisecondsSince1970, forKey: .date)
        try container.encode(level.rawValue, forKey: .level)
        try container.encode(note, forKey: .note)
        try container.encode(creatorID, forKey: .creatorID)
        var stampContainer = container.nestedContainer(keyedBy: StampKeys.self, forKey: .stamps)
        try stampContainer.encode(stamps.date.description, forKey: .date)
        try stampContainer.encode(stamps.level.description, forKey: .level)
        try stampContainer.encode(stamps.note.description, forKey: .note)
        try ActivitySetJSON.encode(activities, to: &container, forKey: .activities)
        try ScaleValuesJSON.encode(scales, to: &container, forKey: .scales)
    }
}
