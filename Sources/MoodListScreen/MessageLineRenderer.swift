import MoodListModule
import TerminalUI

/// Draws the line under the list: the delete question, the filter field, or the message.
struct MessageLineRenderer {
    /// The question asked before a mood is deleted.
    static let deleteQuestion = "Delete this mood? (y/n)"
    /// What starts the filter field, as typed.
    static let filterPrompt = "/"

    let screen: any Screen

    /// Draws the line for `model` on `row`.
    /// - Returns: where the text cursor belongs when the filter field is being typed, else `nil`.
    func draw(_ model: MoodListViewModel, row: Int) -> (row: Int, column: Int)? {
        let columns = screen.size.columns
        screen.clearRow(row)
        switch model.overlay {
        case .confirmDelete(let mood):
            let used = screen.write(Self.deleteQuestion, row: row, column: 0, style: TextStyle(bold: true), maxColumns: columns)
            let about = "  \(mood.levelName) · \(mood.dateText)" + (mood.note.isEmpty ? "" : " · \(mood.note)")
            let room = columns - used
            if room > 0 {
                screen.write(TextWidth.truncate(about, toColumns: room, ellipsis: true), row: row, column: used, style: .plain, maxColumns: room)
            }
            return nil
        case .filter(let field):
            let used = screen.write(Self.filterPrompt, row: row, column: 0, style: TextStyle(bold: true), maxColumns: columns)
            let window = TextFieldWindow(field, width: columns - used)
            screen.write(window.text, row: row, column: used, style: .plain, maxColumns: columns - used)
            return (row, used + window.cursorColumn)
        case .form, .detail, .help, .insights, nil:
            guard let message = model.message else { return nil }
            let style = message.kind == .error ? TextStyle(foreground: .red, bold: true) : .plain
            screen.write(TextWidth.truncate(message.text, toColumns: columns, ellipsis: true), row: row, column: 0, style: style, maxColumns: columns)
            return nil
        }
    }
}
