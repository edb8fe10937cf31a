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

    /// Draws `lines` from line `scroll` on in a box over `area`; when more lines are above or
    /// below what fits, the first or last visible line says so.
    func draw(_ lines: [String], scroll: Int, over area: Range<Int>) {
        let box = Self.box(for: lines, over: area, screenColumns: screen.size.columns)
        box.drawFrame(title: Self.title, on: screen)
        box.drawScrolled(lines, scroll: scroll, on: screen)
    }
}
