/// What the keys act on: it decides what they mean and what the footer says.
public enum MoodListMode: Hashable, Sendable, CaseIterable {
    case list, filter, form, confirmDelete, detail, help, insights
}

/// The words about keys the screen shows: the footer of each mode and the lines of the help.
///
/// They come from the view's key table, the one place where keys are defined, so that what the
/// screen says a key does and what it does cannot disagree. The presenter only chooses among them.
public struct MoodListKeyGuide: Sendable {
    /// The footer for each mode.
    public var footers: [MoodListMode: String]
    /// The help, one line each: every key of every mode, and what the marks on a row mean.
    public var helpLines: [String]

    public init(footers: [MoodListMode: String], helpLines: [String]) {
        self.footers = footers
        self.helpLines = helpLines
    }
}
