import MoodKit

/// Following one position of the list through a batch, without applying it to a whole list:
/// what a view that keeps only a window of rows needs to keep its selection and scroll position.
extension CacheTransactionBatch {
    /// Where the row at `oldIndex` is after the batch; `nil` if the batch removed it.
    /// - Complexity: O(k) for k transactions.
    public func newIndex(forOldIndex oldIndex: Int) -> Int? {
        if deletions.contains(where: { $0.from == oldIndex }) { return nil }
        if let move = moves.first(where: { $0.from == oldIndex }) { return move.to }
        var index = oldIndex - removedOldIndexes.prefix { $0 < oldIndex }.count
        for added in addedNewIndexes where added <= index { index += 1 }
        return index
    }

    /// Where the row now at `newIndex` was before the batch; `nil` if the batch put it there
    /// (an insertion or a move's destination).
    /// - Complexity: O(k) for k transactions.
    public func oldIndex(forNewIndex newIndex: Int) -> Int? {
        if addedNewIndexes.contains(newIndex) { return nil }
        var index = newIndex - addedNewIndexes.prefix { $0 < newIndex }.count
        for removed in removedOldIndexes where removed <= index { index += 1 }
        return index
    }

    /// Old indexes of rows taken out (deletions and move sources), ascending.
    private var removedOldIndexes: [Int] { (deletions.map(\.from) + moves.map(\.from)).sorted() }

    /// New indexes of rows put in (insertions and move destinations), ascending.
    private var addedNewIndexes: [Int] { (insertions.map(\.to) + moves.map(\.to)).sorted() }
}
