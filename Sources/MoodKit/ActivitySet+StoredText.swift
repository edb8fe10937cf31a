extension ActivitySet {
    /// The set as the journal and the server store it: a line per activity, in the order of the
    /// names' bytes, of the name and its stamps separated by tabs (which neither a name nor a
    /// device id holds), a removal's stamp after a `-`, the creator's device left out as in
    /// ``MoodStamps/storedText(creatorID:)``: `run\t1795341600000.0\t-1795300000000.0@phone`.
    /// No activity is the empty text.
    public func storedText(creatorID: String) -> String {
        histories.sorted { $0.key < $1.key }.map { name, history in
            ([name.text] + history.additions.map { $0.storedText(creatorID: creatorID) }
                + history.removals.map { "-" + $0.storedText(creatorID: creatorID) }).joined(separator: "\t")
        }.joined(separator: "\n")
    }

    /// Reads ``storedText(creatorID:)``. A line that cannot be read (a journal edited by hand)
    /// is left out, and only it: one bad activity must not cost a mood the others, which its next
    /// edit would then write back as gone.
    public init(storedText: String, creatorID: String) {
        var histories: [ActivityName: ActivityHistory] = [:]
        for line in storedText.split(separator: "\n") {
            if let (name, history) = Self.history(storedLine: line, creatorID: creatorID) {
                histories[name] = histories[name].map { $0.merged(with: history) } ?? history
            }
        }
        self.init(histories: histories)
    }

    private static func history(storedLine line: Substring, creatorID: String) -> (ActivityName, ActivityHistory)? {
        let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard let name = try? ActivityName.validated(String(parts[0])) else { return nil }
        var additions: [HybridTimestamp] = [], removals: [HybridTimestamp] = []
        for part in parts.dropFirst() {
            let isRemoval = part.first == "-"
            guard let stamp = HybridTimestamp(storedText: isRemoval ? part.dropFirst() : part, creatorID: creatorID) else { return nil }
            if isRemoval { removals.append(stamp) } else { additions.append(stamp) }
        }
        return (name, ActivityHistory(additions: additions, removals: removals))
    }
}
