/// Keeps downloads apart from uploads and removals: either kind of work may run several at once,
/// but never beside the other. A page of changes read before a local write landed must not be
/// applied after it: it would bring back a mood just deleted here, or an older copy of one just
/// uploaded. Waiting work enters in arrival order.
struct SyncLanes {
    enum Lane: Equatable, Sendable { case download, localWrites }

    private var active: (lane: Lane, count: Int)?
    private var waiting: [(lane: Lane, resume: CheckedContinuation<Void, Never>)] = []

    /// Enters `lane` at once if nothing of the other lane runs or waits; otherwise returns false
    /// and the caller waits with ``wait(for:_:)``.
    mutating func enter(_ lane: Lane) -> Bool {
        guard waiting.isEmpty, active.map({ $0.lane == lane }) ?? true else { return false }
        admit(lane)
        return true
    }

    mutating func wait(for lane: Lane, _ continuation: CheckedContinuation<Void, Never>) {
        waiting.append((lane, continuation))
    }

    /// Leaves the lane; returns the waiting work now admitted, to be resumed.
    mutating func leave() -> [CheckedContinuation<Void, Never>] {
        if let current = active { active = current.count > 1 ? (current.lane, current.count - 1) : nil }
        var admitted: [CheckedContinuation<Void, Never>] = []
        while let next = waiting.first, active.map({ $0.lane == next.lane }) ?? true {
            waiting.removeFirst()
            admit(next.lane)
            admitted.append(next.resume)
        }
        return admitted
    }

    private mutating func admit(_ lane: Lane) {
        active = (lane, (active?.count ?? 0) + 1)
    }
}
