import MoodListModule
import TerminalUI

/// Draws a day's heading in the list: the day in bold, then its average beside a swatch of the
/// nearest level and how many moods it holds, then a dim rule to the right edge, so that days
/// stand apart from the moods under them:
///
///     Mon 16 Nov  ▆ 3.6 · 4 moods ─────────────────────────
struct DayHeadingRenderer {
    let screen: any Screen
    let colorSupport: ColorSupport

    func draw(_ heading: DayHeadingViewModel, screenRow: Int) {
        let columns = screen.size.columns
        screen.clearRow(screenRow)
        var column = 0
        func write(_ text: String, style: TextStyle) {
            guard column < columns else { return }
            column += screen.write(text, row: screenRow, column: column, style: style, maxColumns: columns - column)
        }
        write(heading.title + "  ", style: TextStyle(bold: true))
        if let level = heading.level {
            if colorSupport == .none {
                write(level.monoGlyph, style: .plain)
            } else {
                write("█ ", style: TextStyle(foreground: level.terminalColor))
            }
        }
        let figures = [heading.average, heading.countText].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        write(figures + " ", style: TextStyle(dim: true))
        if column < columns {
            screen.fill(row: screenRow, column: column, count: columns - column, character: "─", style: TextStyle(dim: true))
        }
    }
}
