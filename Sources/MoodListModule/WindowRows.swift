import MoodKit

/// The list's rows by index while the presenter works out its window: those it holds already
/// (the window on screen, the moods a batch brought) and the rest read from the interactor, each
/// at most once. A mood is made into a row only when its index is asked for, so a batch of ten
/// thousand moods costs the rows on screen, not ten thousand.
struct WindowRows {
    private enum Known {
        case row(MoodRowViewModel?)
        case mood(Mood)
    }

    private var known: [Int: Known] = [:]
    private let read: (Range<Int>) -> [MoodRowViewModel?]
    private let makeRow: (Mood) -> MoodRowViewModel

    /// - Parameters:
    ///   - read: reads the rows at a range of the list, one entry per index.
    ///   - makeRow: makes a mood's row.
    init(read: @escaping (Range<Int>) -> [MoodRowViewModel?], makeRow: @escaping (Mood) -> MoodRowViewModel) {
        self.read = read
        self.makeRow = makeRow
    }

    /// Takes `row` as the one at `index`, without reading it.
    mutating func know(_ row: MoodRowViewModel?, at index: Int) {
        known[index] = .row(row)
    }

    /// Takes `mood` as the one at `index`; its row is made if the index is asked for.
    mutating func know(_ mood: Mood, at index: Int) {
        known[index] = .mood(mood)
    }

    /// The rows at `range`; those not known yet are read in one go.
    mutating func rows(in range: Range<Int>) -> [MoodRowViewModel?] {
        let missing = range.filter { known[$0] == nil }
        if let first = missing.first, let last = missing.last {
            let rows = read(first..<(last + 1))
            for index in missing { know(rows[index - first], at: index) }
        }
        return range.map { index in
            switch known[index] {
            case .row(let row): return row
            case .mood(let mood):
                let row = makeRow(mood)
                known[index] = .row(row)
                return row
            case nil: return nil
            }
        }
    }
}
