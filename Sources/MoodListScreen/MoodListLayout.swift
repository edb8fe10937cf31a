import TerminalUI

/// Where each part of the mood list screen goes at a given terminal size.
///
/// Row 0 is the header, rows `1..<rows-2` the list, row `rows-2` the message line and row
/// `rows-1` the footer. Below ``minimumSize`` the screen shows a "too small" message instead.
public struct MoodListLayout: Equatable, Sendable {
    /// The smallest terminal the list is drawn in: 40 columns × 8 rows.
    ///
    /// Narrower than 40 columns the date and note no longer fit beside each other; with fewer than
    /// 8 rows the form box (up to 6 rows) would not fit between the header and the footer.
    public static let minimumSize = TerminalSize(rows: 8, columns: 40)

    /// Rows that are not list lines: the header, the message line and the footer.
    public static let chromeRows = 3

    /// The size this layout was made for.
    public let size: TerminalSize

    /// Lays out the screen for `size`.
    public init(size: TerminalSize) {
        self.size = size
    }

    /// Whether the terminal is below ``minimumSize`` and only the "too small" message is shown.
    public var isTooSmall: Bool {
        size.rows < Self.minimumSize.rows || size.columns < Self.minimumSize.columns
    }

    /// The header row.
    public var headerRow: Int { 0 }

    /// The screen row of the first list line.
    public var firstListRow: Int { 1 }

    /// How many list lines fit (never negative).
    public var listRowCount: Int { max(0, size.rows - Self.chromeRows) }

    /// The message line: errors, notices, the delete question and the filter field.
    public var messageRow: Int { size.rows - 2 }

    /// The footer row with the key hints.
    public var footerRow: Int { size.rows - 1 }

    /// The rows a box (form, help, detail) is centred in: the list and the message line, never
    /// the header or the footer.
    var boxArea: Range<Int> { firstListRow..<footerRow }

    /// The screen row of list line `line` (0 = top of the list area).
    func screenRow(ofListLine line: Int) -> Int { firstListRow + line }
}
