import MoodKit
import MoodListModule
import TerminalUI

/// Draws the add/edit form: a box with the five levels, the note field, the error and the keys.
struct MoodFormRenderer {
    /// The hint line, which also documents when digits choose a level.
    static let hint = "↑↓ or 1-5 level · type note · Enter save · Esc cancel"
    /// The label in front of the note field.
    static let noteLabel = "Note: "
    /// The widest the box gets, so the form stays readable on very wide terminals.
    static let maximumWidth = 64

    let screen: any Screen
    let colorSupport: ColorSupport

    /// The box the form occupies when drawn over `area` (screen rows).
    static func box(for form: MoodFormViewModel, over area: Range<Int>, screenColumns: Int) -> TextBox {
        let contentRows = form.error == nil ? 3 : 4
        return TextBox(width: min(screenColumns - 4, maximumWidth), height: contentRows + 2, centredIn: area, screenColumns: screenColumns)
    }

    /// Draws `form` over `area` and returns where the text cursor belongs.
    func draw(_ form: MoodFormViewModel, over area: Range<Int>) -> (row: Int, column: Int) {
        let box = Self.box(for: form, over: area, screenColumns: screen.size.columns)
        box.drawFrame(title: form.title, on: screen)
        drawLevels(chosen: form.level, in: box)
        let cursor = drawNote(form.note, in: box)
        var line = 2
        if let error = form.error {
            box.drawLine(line, error, style: TextStyle(foreground: .red, bold: true), on: screen)
            line += 1
        }
        box.drawLine(line, Self.hint, style: TextStyle(dim: true), on: screen)
        return cursor
    }

    /// "1 awful  2 bad  3 meh  4 good  5 great" with the chosen level highlighted; on a narrow
    /// box only the digits, followed by the chosen level's name.
    private func drawLevels(chosen: MoodLevel, in box: TextBox) {
        let full = MoodLevel.allCases.map { "\($0.rawValue) \($0.name)" }
        let fitsFully = TextWidth.columns(of: full.joined(separator: "  ")) <= box.innerWidth
        let segments = fitsFully ? full : MoodLevel.allCases.map { "\($0.rawValue)" }
        let separator = fitsFully ? 2 : 1
        let start = box.drawLine(0, "", on: screen)
        let limit = start.column + box.innerWidth
        var column = start.column
        for (level, segment) in zip(MoodLevel.allCases, segments) {
            let style = level == chosen ? highlight(for: level) : TextStyle(dim: true)
            column += screen.write(segment, row: start.row, column: column, style: style, maxColumns: max(0, limit - column))
            column += separator
        }
        if !fitsFully {
            let name = " " + chosen.name
            screen.write(name, row: start.row, column: column, style: highlight(for: chosen).with(reverse: false), maxColumns: max(0, limit - column))
        }
    }

    private func highlight(for level: MoodLevel) -> TextStyle {
        TextStyle(foreground: colorSupport == .none ? nil : level.terminalColor, bold: true, reverse: true)
    }

    /// The "Note:" label and the field, scrolled to keep the cursor visible.
    private func drawNote(_ note: TextFieldViewModel, in box: TextBox) -> (row: Int, column: Int) {
        let start = box.drawLine(1, Self.noteLabel, style: TextStyle(bold: true), on: screen)
        let labelWidth = TextWidth.columns(of: Self.noteLabel)
        let fieldColumn = start.column + labelWidth
        let fieldWidth = max(0, box.innerWidth - labelWidth)
        let window = TextFieldWindow(note, width: fieldWidth)
        let field = TextStyle(underline: true)
        screen.fill(row: start.row, column: fieldColumn, count: fieldWidth, character: " ", style: field)
        screen.write(window.text, row: start.row, column: fieldColumn, style: field, maxColumns: fieldWidth)
        return (start.row, fieldColumn + window.cursorColumn)
    }
}
