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
    /// The device that created the mood.
    public var creatorID: String
    /// When each of level, note and date last changed, by the clock of the device that changed
    /// it: what sync merges by (``fields``).
    public var stamps: MoodStamps
    /// What the person did around it; merged as a set (see ``ActivitySet``).
    public var activities: ActivitySet
    /// The values of the journal's scales (hours slept, anxiety), each merged by its own stamp.
    public var scales: ScaleValues
    /// Where the mood stands with the sync server.
    public var sync: MoodSyncState

    /// Makes a mood from already validated values. A person's new mood is made by the journal
    /// (`JournalWriter.add(_:)`), which stamps it with the device's clock.
    public init(
        id: ID, date: Date, level: MoodLevel, note: String, creatorID: String, stamps: MoodStamps,
        activities: ActivitySet = ActivitySet(), scales: ScaleValues = ScaleValues(), sync: MoodSyncState = MoodSyncState()
    ) {
        self.id = id
        self.date = date.roundedToMilliseconds
        self.level = level
        self.note = note
        self.creatorID = creatorID
        self.stamps = stamps
        self.activities = activities
        self.scales = scales
        self.sync = sync
    }

    /// A mood whose fields were all set at once by its creator, at `modifiedAt` by the creator's
    /// wall clock (counter 0): what a mood written before fields carried stamps migrates to, and
    /// a short way to make one for tests and the benchmark.
    public init(
        id: ID, date: Date, level: MoodLevel, note: String, creatorID: String, modifiedAt: Date,
        activities: [ActivityName] = [], sync: MoodSyncState = MoodSyncState()
    ) {
        let stamp = HybridTimestamp(wallMilliseconds: modifiedAt.millisecondsSince1970, counter: 0, device: creatorID)
        self.init(
            id: id, date: date, level: level, note: note, creatorID: creatorID, stamps: MoodStamps(all: stamp),
            activities: ActivitySet(adding: activities, at: stamp), sync: sync)
    }

    /// When a person last changed the mood, on whichever device: the wall time of its latest
    /// stamp; `nil` when none is recorded (an imported mood no one has changed since).
    public var modifiedAt: Date? {
        fields.latestStamp.isEarliest ? nil : Date(millisecondsSince1970: fields.latestStamp.wallMilliseconds)
    }

    /// Level, note, date, activities and scale values with their stamps: what a merge with
    /// another device's copy works on.
    public var fields: MoodFields {
        get { MoodFields(level: level, note: note, date: date, stamps: stamps, activities: activities, scales: scales) }
        set {
            (level, note, date) = (newValue.level.value, newValue.note.value, newValue.date.value.roundedToMilliseconds)
            stamps = newValue.stamps
            activities = newValue.activities
            scales = newValue.scales
        }
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
