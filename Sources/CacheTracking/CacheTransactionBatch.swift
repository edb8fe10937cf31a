import MoodKit

/// Everything one commit changed in a tracked list: the list *before* the commit plus this batch
/// gives exactly the list *after* it.
///
/// To apply it: remove the rows at ``deletions`` and ``moves`` sources (descending old index), then
/// insert ``insertions`` and ``moves`` destinations (ascending new index), then replace the rows
/// at ``updates`` new indexes. ``applied(to:makeRow:)`` does exactly that, and is the reference the
/// tracker's tests hold it to.
public struct CacheTransactionBatch: Hashable, Sendable {
    /// Rows that left the list, by descending old index.
    public private(set) var deletions: [(id: Mood.ID, from: Int)] = []
    /// Rows that entered the list, by ascending new index.
    public private(set) var insertions: [(mood: Mood, to: Int)] = []
    /// Rows whose content changed in place, by ascending new index.
    public private(set) var updates: [(mood: Mood, from: Int, to: Int)] = []
    /// Rows that changed place, by ascending new index.
    public private(set) var moves: [(mood: Mood, from: Int, to: Int)] = []

    /// A batch of these transactions, put in the order described above.
    public init(_ transactions: some Sequence<CacheTransaction>) {
        for transaction in transactions {
            switch transaction {
            case .delete(let id, let from): deletions.append((id, from))
            case .insert(let mood, let to): insertions.append((mood, to))
            case .update(let mood, let from, let to): updates.append((mood, from, to))
            case .move(let mood, let from, let to): moves.append((mood, from, to))
            }
        }
        deletions.sort { $0.from > $1.from }
        insertions.sort { $0.to < $1.to }
        updates.sort { $0.to < $1.to }
        moves.sort { $0.to < $1.to }
    }

    /// Whether the commit changed nothing in this list.
    public var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && updates.isEmpty && moves.isEmpty }

    /// Every transaction: deletions, insertions, updates, then moves.
    public var transactions: [CacheTransaction] {
        deletions.map { .delete($0.id, from: $0.from) } + insertions.map { .insert($0.mood, to: $0.to) }
            + updates.map { .update($0.mood, from: $0.from, to: $0.to) } + moves.map { .move($0.mood, from: $0.from, to: $0.to) }
    }

    /// `list` with this batch applied; `list` must be the list the batch was made against.
    /// - Complexity: O(n + k log k); views that keep only a window apply the batch to the window.
    public func applied<Row>(to list: [Row], makeRow: (Mood) -> Row) -> [Row] {
        var rows = list
        let removals = (deletions.map(\.from) + moves.map(\.from)).sorted(by: >)
        for index in removals { rows.remove(at: index) }
        let additions = (insertions.map { ($0.to, $0.mood) } + moves.map { ($0.to, $0.mood) }).sorted { $0.0 < $1.0 }
        for (index, mood) in additions { rows.insert(makeRow(mood), at: index) }
        for update in updates { rows[update.to] = makeRow(update.mood) }
        return rows
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.transactions == rhs.transactions }
    public func hash(into hasher: inout Hasher) { hasher.combine(transactions) }
}
