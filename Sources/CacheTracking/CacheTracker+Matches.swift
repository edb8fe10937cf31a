/// A step to another match of a search, as `n` and `N` take it.
public struct MatchStep: Hashable, Sendable {
    /// Where the match is in the tracker's list.
    public let index: Int
    /// Which match it is in list order, from 1 to ``count``.
    public let ordinal: Int
    /// How many moods the search matches.
    public let count: Int
    /// The step went past one end of the list and came round from the other.
    public let wrapped: Bool
}

extension CacheTracker {
    /// The next mood after `index` (or before it when not `forward`), coming round past either
    /// end: the step when the list is itself a search's matches, which reads nothing.
    /// - Returns: `nil` when the list is empty.
    public func step(from index: Int, forward: Bool) -> MatchStep? {
        guard count > 0 else { return nil }
        let next = min(max(index, 0), count - 1) + (forward ? 1 : -1)
        let position = (next % count + count) % count
        return MatchStep(index: position, ordinal: position + 1, count: count, wrapped: next != position)
    }

    /// The next mood of the list after `index` (or before it when not `forward`) that `matches`
    /// holds — a search's list read with ``prepare(_:from:)`` in the same order — coming round
    /// past either end: how `n` and `N` step through a search's matches in a list that shows
    /// everything, or only them.
    /// - Returns: `nil` when the list holds none of the matches.
    /// - Complexity: O(log n) when both lists were read at the same change-log position; a match
    ///   the list does not hold (yet) is stepped over.
    public func step(from index: Int, through matches: Prepared, forward: Bool) -> MatchStep? {
        var found = matches.keys
        guard count > 0, found.count > 0, matches.request.order == request.order else { return nil }
        let current = keys.element(at: min(max(index, 0), count - 1))
        let below = found.insertionIndex(of: current)
        var position = forward ? below + (found.index(of: current) == nil ? 0 : 1) : below - 1
        for _ in 0..<found.count {
            let wrapped = !(0..<found.count).contains(position)
            let ordinal = (position % found.count + found.count) % found.count
            if let index = keys.index(of: found.element(at: ordinal)) {
                return MatchStep(index: index, ordinal: ordinal + 1, count: found.count, wrapped: wrapped)
            }
            position += forward ? 1 : -1
        }
        return nil
    }
}
