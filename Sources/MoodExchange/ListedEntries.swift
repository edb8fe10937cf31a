/// Entries of a file read whole (a JSON document), handed out one at a time as a streamed file's
/// are: each entry, or why it cannot be one, in the file's order.
struct ListedEntries {
    private let entries: [Result<ImportedEntry, ImportRowError>]
    private var position = 0

    init(_ entries: [Result<ImportedEntry, ImportRowError>]) {
        self.entries = entries
    }

    /// How many of the entries were handed out, from 0 to 1.
    var fractionRead: Double { entries.isEmpty ? 1 : Double(position) / Double(entries.count) }

    /// The next entry, or `nil` after the last.
    /// - Throws: ``ImportError/badRow(_:)`` for an entry that cannot be one.
    mutating func next() throws -> ImportedEntry? {
        guard position < entries.count else { return nil }
        defer { position += 1 }
        switch entries[position] {
        case .success(let entry): return entry
        case .failure(let row): throw ImportError.badRow(row)
        }
    }
}
