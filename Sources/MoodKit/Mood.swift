import Foundation

/// One entry in the journal: how someone felt, when, and in their own words.
///
/// A plain value: upper layers (presenter, view, sync wire format) see only this, never a
/// database row. The `id` is made on the device that creates the mood and never changes; sync
/// uses it as the idempotency key, so uploading the same mood twice cannot create two.
public struct Mood: Identifiable, Hashable, Sendable {
    public typealias ID = UUID

    public var id: ID
    /// When the mood was felt. Kept to whole milliseconds, the precision the store keeps.
    public var date: Date
    public var level: MoodLevel
    /// Trimmed free text, at most ``MoodNote/maximumLength`` characters; may be empty.
    public var note: String
    /// The device that created the mood; breaks ties in conflict resolution.
    public var creatorID: String
    /// When a person last changed the mood (not when sync touched it).
    public var modifiedAt: Date
    /// Where the mood stands with the sync server.
    public var sync: MoodSyncState

    /// Makes a mood from already validated values. Use ``Mood/new(level:note:date:creatorID:)``
    /// for a mood a person just entered.
    public init(
        id: ID, date: Date, level: MoodLevel, note: String, creatorID: String,
        modifiedAt: Date, sync: MoodSyncState = MoodSyncState()
    ) {
        self.id = id
        self.date = date.roundedToMilliseconds
        self.level = level
        self.note = note
        self.creatorID = creatorID
        self.modifiedAt = modifiedAt.roundedToMilliseconds
        self.sync = sync
    }

    /// A new, never-synced mood with a fresh id, its note normalized.
    ///
    /// - Throws: `MoodValidationError` when the note breaks ``MoodNote``'s rules or the date
    ///   lies outside ``MoodDateRange``.
    public static func new(
        level: MoodLevel, note: String = "", date: Date = Date(), creatorID: String
    ) throws(MoodValidationError) -> Mood {
        let now = Date()
        return Mood(
            id: UUID(), date: try MoodDateRange.validated(date, field: .date), level: level,
            note: try MoodNote.normalized(note), creatorID: creatorID, modifiedAt: now)
    }
}

extension Date {
    /// The same instant cut to whole milliseconds, so that a value survives a round trip
    /// through the store (which keeps milliseconds) unchanged.
    public var roundedToMilliseconds: Date {
        Date(millisecondsSince1970: millisecondsSince1970)
    }

    /// Milliseconds since 1970, the unit the store and the wire use.
    ///
    /// Exact for every date in ``MoodDateRange``, where values are checked as they come in. A
    /// date beyond what an `Int64` holds (which no edge lets in) gives `Int64.min` or `.max`
    /// instead of trapping, so that no value can crash the process that converts it.
    public var millisecondsSince1970: Int64 {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        return Int64(exactly: milliseconds) ?? (milliseconds < 0 ? .min : .max)
    }

    public init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
