import TerminalUI

/// A bordered box drawn over the list, with a title in its top border.
///
/// The interior is blanked first so nothing underneath shows through; content lines are drawn
/// with one column of padding inside the border and clipped to ``innerWidth``.
struct TextBox: Equatable {
    /// The box's top screen row (its top border).
    let top: Int
    /// The box's left screen column (its left border).
    let left: Int
    /// Total height in rows, borders included.
    let height: Int
    /// Total width in columns, borders included.
    let width: Int

    /// Columns available for content between the borders and their padding.
    var innerWidth: Int { max(0, width - 4) }
    /// Rows available for content between the top and bottom borders.
    var innerHeight: Int { max(0, height - 2) }
    /// The screen rows the box covers.
    var rows: Range<Int> { top..<(top + height) }

    /// A box of `width` × `height`, centred over `area` (screen rows) and the screen's columns,
    /// shrunk to fit both.
    init(width: Int, height: Int, centredIn area: Range<Int>, screenColumns: Int) {
        self.height = min(height, area.count)
        self.width = min(width, screenColumns)
        self.top = area.lowerBound + (area.count - self.height) / 2
        self.left = (screenColumns - self.width) / 2
    }

    /// Draws the border, the title and a blank interior.
    func drawFrame(title: String, on screen: any Screen) {
        guard width >= 2, height >= 2 else { return }
        let border = TextStyle(bold: true)
        let horizontal = String(repeating: "─", count: width - 2)
        screen.write("┌" + horizontal + "┐", row: top, column: left, style: border, maxColumns: width)
        for row in (top + 1)..<(top + height - 1) {
            screen.write("│", row: row, column: left, style: border, maxColumns: 1)
            screen.fill(row: row, column: left + 1, count: width - 2, character: " ", style: .plain)
            screen.write("│", row: row, column: left + width - 1, style: border, maxColumns: 1)
        }
        screen.write("└" + horizontal + "┘", row: top + height - 1, column: left, style: border, maxColumns: width)
        let label = TextWidth.truncate(" \(title) ", toColumns: max(0, width - 4), ellipsis: true)
        screen.write(label, row: top, column: left + 2, style: border, maxColumns: max(0, width - 4))
    }

    /// Draws content line `index` (0 = first row inside the border); ignored outside the box.
    /// - Returns: the screen row and column where the line starts.
    @discardableResult
    func drawLine(_ index: Int, _ text: String, style: TextStyle = .plain, on screen: any Screen) -> (row: Int, column: Int) {
        let position = (row: top + 1 + index, column: left + 2)
        guard index >= 0, index < innerHeight else { return position }
        let fitted = TextWidth.truncate(text, toColumns: innerWidth, ellipsis: true)
        screen.write(fitted, row: position.row, column: position.column, style: style, maxColumns: innerWidth)
        return position
    }

    /// The first of `count` lines to show in the `rows` content lines from `firstRow` on, when
    /// scrolled to `scroll`: never past the point where the last line reaches the bottom.
    private func firstScrolledLine(of count: Int, scroll: Int, from firstRow: Int = 0) -> Int {
        min(max(scroll, 0), scrollLimit(of: count, from: firstRow))
    }

    /// How far `count` lines shown from content line `firstRow` on can scroll.
    func scrollLimit(of count: Int, from firstRow: Int = 0) -> Int {
        max(0, count - max(0, innerHeight - firstRow))
    }

    /// Draws `lines` from content line `firstRow` on, scrolled to `scroll`; when lines are hidden
    /// above or below, the first or last shown line says so ("↑ …", "↓ …").
    func drawScrolled(_ lines: [String], scroll: Int, from firstRow: Int = 0, on screen: any Screen) {
        let first = firstScrolledLine(of: lines.count, scroll: scroll, from: firstRow)
        let shown = min(lines.count - first, max(0, innerHeight - firstRow))
        for index in 0..<shown {
            let moreAbove = index == 0 && first > 0
            let moreBelow = index == shown - 1 && first + shown < lines.count
            drawLine(firstRow + index, moreAbove ? "↑ …" : moreBelow ? "↓ …" : lines[first + index], on: screen)
        }
    }
}
