import TerminalUI

/// Draws the key help: a bordered box listing one entry per line.
struct HelpRenderer {
    /// The title in the box's border.
    static let title = "Help"

    let screen: any Screen

    /// The box the help occupies over `area` (screen rows).
    static func box(for lines: [String], over area: Range<Int>, screenColumns: Int) -> TextBox {
        let widest = lines.map { TextWidth.columns(of: $0) }.max() ?? 0
        let width = max(widest, TextWidth.columns(of: title) + 2) + 4
        return TextBox(width: min(width, screenColumns - 4), height: lines.count + 2, centredIn: area, screenColumns: screenColumns)
    }

    /// Draws `lines` in a box over `area`; when they do not all fit, the last visible one says so.
    func draw(_ lines: [String], over area: Range<Int>) {
        let box = Self.box(for: lines, over: area, screenColumns: screen.size.columns)
        box.drawFrame(title: Self.title, on: screen)
        let shown = min(lines.count, box.innerHeight)
        for index in 0..<shown {
            let truncated = shown < lines.count && index == shown - 1
            box.drawLine(index, truncated ? "…" : lines[index], on: screen)
        }
    }
}
