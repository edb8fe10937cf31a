/// The activities of a mood, as a set that devices merge: additions made on two devices without
/// seeing each other both survive, and a removal wins only over the additions its device had
/// seen (see ``ActivityHistory``).
///
/// Activities are not one stamped value like level or note: with one stamp for the whole set,
/// `run` added on the phone and `tea` added on the laptop would lose one of the two.
public struct ActivitySet: Hashable, Sendable {
    /// Every activity the mood has had, present or removed, with its history. A removed one stays
    /// to cover late copies of what it removed.
    public private(set) var histories: [ActivityName: ActivityHistory]

    /// The most activities a person can give one mood: more than anyone ticks, few enough that
    /// a row shows them.
    public static let maximumActivities = 32

    /// The most histories a mood may carry over the wire, removed ones included: room for every
    /// device's concurrent additions, a bound for a hostile upload.
    public static let maximumHistories = 256

    /// No activity.
    public init() { histories = [:] }

    /// A set from stored or received histories; empty histories are left out.
    public init(histories: [ActivityName: ActivityHistory]) {
        self.histories = histories.filter { !$0.value.stamps.isEmpty }
    }

    /// `names` added at once by the change stamped `stamp`, as when a mood is created.
    public init(adding names: some Sequence<ActivityName>, at stamp: HybridTimestamp) {
        self.init()
        for name in names { add(name, at: stamp) }
    }

    /// The activities the mood has, in the order of their bytes.
    public var names: [ActivityName] { histories.filter(\.value.isPresent).keys.sorted() }

    /// The activities as a note would name them, `#run #tea`: how the list and `moodtui list`
    /// show them. Empty when the mood has none.
    public var hashtags: String { names.map { "#" + $0.text }.joined(separator: " ") }

    /// Whether the mood has `name`.
    public func contains(_ name: ActivityName) -> Bool { histories[name]?.isPresent ?? false }

    /// Adds `name`, stamped `stamp`, unless the mood has it already (adding it again would only
    /// make it outlive a removal that another device made while this one looked on).
    public mutating func add(_ name: ActivityName, at stamp: HybridTimestamp) {
        guard !contains(name) else { return }
        histories[name] = (histories[name] ?? ActivityHistory()).adding(at: stamp)
    }

    /// Removes `name`: every addition of it this device holds.
    public mutating func remove(_ name: ActivityName) {
        guard let history = histories[name], history.isPresent else { return }
        histories[name] = history.removingSeen()
    }

    /// Makes `wanted` the activities: removes the others, and adds the missing ones stamped by
    /// `stamp`, read only when there is one to add.
    public mutating func set(to wanted: Set<ActivityName>, stamp: () throws -> HybridTimestamp) rethrows {
        for name in names where !wanted.contains(name) { remove(name) }
        let missing = wanted.filter { !contains($0) }.sorted()
        guard !missing.isEmpty else { return }
        let reading = try stamp()
        for name in missing { add(name, at: reading) }
    }

    /// Every activity's history merged with the other set's.
    public func merged(with other: ActivitySet) -> ActivitySet {
        ActivitySet(histories: histories.merging(other.histories) { $0.merged(with: $1) })
    }

    /// The latest stamp of any addition or removal, if any: how far a device that holds the set
    /// has seen.
    public var latestStamp: HybridTimestamp? { histories.values.lazy.flatMap(\.stamps).max() }
}

extension ActivitySet {
    /// `names`, if a person may give them all to a mood that has `current`: up to
    /// ``maximumActivities``, or more if none is new (a merge of two devices' additions may pass
    /// the limit, and editing such a mood's note must not fail for it).
    /// - Throws: ``MoodValidationError/tooManyActivities(count:limit:)``.
    public static func checkedChoice(
        _ names: Set<ActivityName>, over current: Set<ActivityName> = []
    ) throws(MoodValidationError) -> Set<ActivityName> {
        guard names.count <= maximumActivities || names.isSubset(of: current) else {
            throw .tooManyActivities(count: names.count, limit: maximumActivities)
        }
        return names
    }
}
