/// The clock reading of the last change of each field of a mood: what decides, field by field,
/// which of two devices' changes a merge keeps (see ``MoodFields``).
public struct MoodStamps: Hashable, Sendable {
    public var level: HybridTimestamp
    public var note: HybridTimestamp
    public var date: HybridTimestamp

    public init(level: HybridTimestamp, note: HybridTimestamp, date: HybridTimestamp) {
        self.level = level
        self.note = note
        self.date = date
    }

    /// Every field set by one change, as when a mood is created.
    public init(all stamp: HybridTimestamp) {
        self.init(level: stamp, note: stamp, date: stamp)
    }

    /// The latest of the three: how far a device that holds these fields has seen.
    public var latest: HybridTimestamp { max(level, note, date) }
}
