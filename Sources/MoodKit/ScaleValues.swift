/// The scales' values on one mood, each with the stamp of its last change: a value set on the
/// phone and another scale's value set on the laptop both survive, and a value cleared after
/// being seen stays cleared, as a mood's fields merge (``MoodFields``).
public struct ScaleValues: Hashable, Sendable {
    /// What a mood says of one scale: a value, or that it was cleared (kept, with its stamp, so
    /// that a late copy of the value does not come back).
    public enum Entry: Hashable, Sendable, Comparable {
        case cleared
        case value(ScaleValue)
    }

    /// Every scale the mood has said anything of, by id.
    public private(set) var entries: [Scale.ID: Stamped<Entry>]

    /// The most entries a mood may carry over the wire, cleared ones included: a value for every
    /// scale a journal holds, twice over for scales removed and made again.
    public static let maximumEntries = 2 * Scale.maximumScales

    public init(entries: [Scale.ID: Stamped<Entry>] = [:]) { self.entries = entries }

    /// A new mood's values, every one stamped `stamp`.
    public init(setting values: [Scale.ID: ScaleValue], at stamp: HybridTimestamp) {
        self.init(entries: values.mapValues { Stamped(.value($0), at: stamp) })
    }

    /// The values the mood has, by scale.
    public var values: [Scale.ID: ScaleValue] {
        entries.compactMapValues { if case .value(let value) = $0.value { value } else { nil } }
    }

    /// Whether the mood has a value of any scale.
    public var isEmpty: Bool { values.isEmpty }

    public subscript(scale: Scale.ID) -> ScaleValue? {
        if case .value(let value) = entries[scale]?.value { value } else { nil }
    }

    /// Gives `scale` the value `value` (clears it for `nil`), stamped `stamp`, unless it has that
    /// value already.
    public mutating func set(_ value: ScaleValue?, for scale: Scale.ID, at stamp: HybridTimestamp) {
        let entry: Entry = value.map(Entry.value) ?? .cleared
        guard entries[scale]?.value != entry, !(entry == .cleared && entries[scale] == nil) else { return }
        entries[scale] = Stamped(entry, at: stamp)
    }

    /// Every scale's later change, of either copy.
    public func merged(with other: ScaleValues) -> ScaleValues {
        ScaleValues(entries: entries.merging(other.entries) { $0.merged(with: $1) })
    }

    /// The latest stamp of any entry, `nil` for none.
    public var latestStamp: HybridTimestamp? { entries.values.map(\.stamp).max() }
}
