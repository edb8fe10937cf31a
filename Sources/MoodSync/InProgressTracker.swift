/// The objects a change processor has in a request right now, so that no object is in two
/// requests at once (Moody's `InProgressTracker`). Work that finishes releases its objects; the
/// processor then asks its predicate again and picks up whatever still matches.
struct InProgressTracker<ID: Hashable> {
    private var inProgress: Set<ID> = []

    var count: Int { inProgress.count }

    /// The candidates that are not in a request.
    func free<Element>(_ candidates: [Element], id: (Element) -> ID) -> [Element] {
        candidates.filter { !inProgress.contains(id($0)) }
    }

    /// Marks objects as in a request.
    mutating func claim(_ ids: some Sequence<ID>) {
        inProgress.formUnion(ids)
    }

    /// Marks objects done, whatever the outcome.
    mutating func release(_ ids: some Sequence<ID>) {
        inProgress.subtract(ids)
    }
}
