import MoodKit

/// The list's rows by index while the presenter works out its window: those it holds already
/// (the window on screen, the moods a batch brought) and the rest read from the interactor, each
/// at most once.
struct WindowRows {
    private var known: [Int: MoodRowViewModel?] = [:]
    private let read: (Range<Int>) -> [MoodRowViewModel?]

    /// - Parameter read: reads the rows at a range of the list, one entry per index.
    init(read: @escaping (Range<Int>) -> [MoodRowViewModel?]) {
        self.read = read
    }

    /// Takes `row` as the one at `index`, without reading it.
    mutating func know(_ row: MoodRowViewModel?, at index: Int) {
        known.updateValue(row, forKey: index)
    }

    /// The rows at `range`; those not known yet are read in one go.
    mutating func rows(in range: Range<Int>) -> [MoodRowViewModel?] {
        let missing = range.filter { known.index(forKey: $0) == nil }
        if let first = missing.first, let last = missing.last {
            let rows = read(first..<(last + 1))
            for index in missing { know(rows[index - first], at: index) }
        }
        return range.map { known[$0] ?? nil }
    }
}
