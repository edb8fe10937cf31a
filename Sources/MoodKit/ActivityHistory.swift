/// The additions and removals of one activity on one mood, from every device: what decides,
/// after any number of devices changed the mood without seeing each other, whether the mood has
/// the activity.
///
/// A removal takes away only the additions its device had seen: it records, for each device,
/// the latest addition of that device it saw. An addition it did not see — made concurrently
/// elsewhere, which is always stamped later than every addition of its device the remover could
/// have seen, since a device's clock only moves forward — survives it. (An observed-remove set,
/// with one stamp per device on each side.)
///
/// Kept in one form for one meaning, so that equal histories compare equal: an addition a
/// removal covers is dropped (the removal stays, to cover a late copy of it), and each side holds
/// at most one stamp per device, in the order of the device ids' bytes.
public struct ActivityHistory: Hashable, Sendable {
    /// The latest addition of each device that no removal covers.
    public private(set) var additions: [HybridTimestamp]
    /// For each device, the latest of its additions some removal saw.
    public private(set) var removals: [HybridTimestamp]

    /// A history from stored or received stamps, brought to its one form.
    public init(additions: [HybridTimestamp] = [], removals: [HybridTimestamp] = []) {
        self.removals = Self.latestPerDevice(removals)
        self.additions = []
        self.additions = Self.latestPerDevice(additions).filter { !isCovered($0) }
    }

    /// Whether the mood has the activity: some addition survives every removal.
    public var isPresent: Bool { !additions.isEmpty }

    /// The history after an addition stamped `stamp`.
    public func adding(at stamp: HybridTimestamp) -> ActivityHistory {
        ActivityHistory(additions: additions + [stamp], removals: removals)
    }

    /// The history after a removal by a device that holds this history: every addition it
    /// holds is covered.
    public func removingSeen() -> ActivityHistory {
        ActivityHistory(additions: [], removals: removals + additions)
    }

    /// Both histories' additions and removals: every device ends with the same history whatever
    /// order copies meet in (commutative, associative, idempotent).
    public func merged(with other: ActivityHistory) -> ActivityHistory {
        ActivityHistory(additions: additions + other.additions, removals: removals + other.removals)
    }

    /// Every stamp, additions first.
    public var stamps: [HybridTimestamp] { additions + removals }

    private func isCovered(_ addition: HybridTimestamp) -> Bool {
        removals.contains { $0.device.utf8.elementsEqual(addition.device.utf8) && $0 >= addition }
    }

    /// The latest stamp of each device, in the order of the device ids' bytes.
    private static func latestPerDevice(_ stamps: [HybridTimestamp]) -> [HybridTimestamp] {
        guard stamps.count > 1 else { return stamps }
        let ordered = stamps.sorted { a, b in
            a.device.utf8.elementsEqual(b.device.utf8) ? a > b : a.device.utf8.lexicographicallyPrecedes(b.device.utf8)
        }
        var latest: [HybridTimestamp] = []
        for stamp in ordered where !(latest.last?.device.utf8.elementsEqual(stamp.device.utf8) ?? false) {
            latest.append(stamp)
        }
        return latest
    }
}
