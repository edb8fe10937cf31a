import MoodKit
import MoodListModule
import TerminalUI

/// Draws the add/edit form: a box with the level, the note (several wrapped lines, with its
/// count against the limit), the activities with the names completion offers under them, the
/// scales' values (in a journal with scales), the date and the error. The field with focus has its label highlighted; the footer names the keys.
struct MoodFormRenderer {
    /// The labels, padded to one width so the fields line up.
    static let levelLabel = "Level "
    static let noteLabel = "Note"
    static let dateLabel = "Date  "
    static let activitiesLabel = "Activities "
    static let scalesLabel = "Scales     "
    /// In the scales field while it is empty: how it is filled in.
    static let scalesHint = "sleep=7.5 anxiety=4 · ↑↓ change the value"
    /// Under the activities while nothing is offered.
    static let activitiesHint = "names apart by spaces · Tab completes from those you use"
    /// What the date field takes, shown beside it when there is room.
    static let dateHint = "now · yesterday 21:00 · 2026-11-20 08:30"
    /// The widest the box gets, so the form stays readable on very wide terminals.
    static let maximumWidth = 72
    /// The note shows at least this many lines, or a third of the list's height on a taller
    /// window, more as it grows, up to what the window holds.
    static let minimumNoteLines = 3
    /// Columns of the date field.
    static let dateWidth = 20

    let screen: any Screen
    let colorSupport: ColorSupport

    /// Where everything goes for a form over `area` (screen rows).
    struct Layout {
        let box: TextBox
        let note: WrappedText
        /// The first note line shown, and how many are shown.
        let firstNoteLine: Int
        let noteLines: Int
        var noteWidth: Int { box.innerWidth }
        /// Content line indices inside the box.
        var noteTop: Int { 2 }
        var activitiesLine: Int { noteTop + noteLines }
        var candidatesLine: Int { activitiesLine + 1 }
        /// The scales' line, in a journal with scales.
        let hasScales: Bool
        var scalesLine: Int { activitiesLine + 2 }
        var dateLine: Int { activitiesLine + (hasScales ? 3 : 2) }
        var errorLine: Int { dateLine + 1 }

        init(_ form: MoodFormViewModel, over area: Range<Int>, screenColumns: Int) {
            let width = min(screenColumns - 4, MoodFormRenderer.maximumWidth)
            // One column spare, so the cursor has a cell at the end of a full line.
            note = WrappedText(form.note.text, width: max(1, width - 5))
            hasScales = form.scales != nil
            let fixedLines = 5 + (hasScales ? 1 : 0) + (form.error == nil ? 0 : 1)
            let room = max(1, area.count - 2 - fixedLines)
            noteLines = min(room, max(MoodFormRenderer.minimumNoteLines, area.count / 3, note.lines.count))
            let cursorLine = note.location(ofCursor: form.note.cursor).line
            firstNoteLine = max(0, cursorLine - noteLines + 1)
            box = TextBox(width: width, height: fixedLines + noteLines + 2, centredIn: area, screenColumns: screenColumns)
        }
    }

    /// The box the form occupies when drawn over `area`.
    static func box(for form: MoodFormViewModel, over area: Range<Int>, screenColumns: Int) -> TextBox {
        Layout(form, over: area, screenColumns: screenColumns).box
    }

    /// Draws `form` over `area` and returns where the text cursor belongs (`nil` on the level).
    func draw(_ form: MoodFormViewModel, over area: Range<Int>) -> (row: Int, column: Int)? {
        let layout = Layout(form, over: area, screenColumns: screen.size.columns)
        let box = layout.box
        box.drawFrame(title: form.title, on: screen)
        drawLevels(form, in: box)
        let noteCursor = drawNote(form, layout: layout)
        let activitiesCursor = drawActivities(form, layout: layout)
        let scalesCursor = drawScales(form, layout: layout)
        let dateCursor = drawDate(form, layout: layout)
        if let error = form.error {
            box.drawLine(layout.errorLine, error, style: TextStyle(foreground: .red, bold: true), on: screen)
        }
        switch form.focus {
        case .level: return nil
        case .note: return noteCursor
        case .activities: return activitiesCursor
        case .scales: return scalesCursor
        case .date: return dateCursor
        }
    }

    /// A field's label: reversed while the field has focus.
    private func drawLabel(_ label: String, line: Int, focused: Bool, in box: TextBox) -> (row: Int, column: Int) {
        let start = box.drawLine(line, "", on: screen)
        screen.write(label, row: start.row, column: start.column, style: TextStyle(bold: true, reverse: focused), maxColumns: box.innerWidth)
        return (start.row, start.column + TextWidth.columns(of: label))
    }

    /// What a click lands on in the form.
    enum Target: Equatable {
        case level(MoodLevel)
        case field(MoodFormField)
    }

    /// What `form`, drawn over `area`, shows at a screen cell: a level, a field, or nothing.
    static func target(atRow row: Int, column: Int, of form: MoodFormViewModel, over area: Range<Int>, screenColumns: Int) -> Target? {
        let layout = Layout(form, over: area, screenColumns: screenColumns)
        let box = layout.box
        let line = row - box.top - 1
        guard (0..<box.innerHeight).contains(line), (box.left..<(box.left + box.width)).contains(column) else { return nil }
        switch line {
        case 0: return levelSegments(form, in: box).segments.first { $0.columns.contains(column) }.map { .level($0.level) } ?? .field(.level)
        case 1..<layout.activitiesLine: return .field(.note)
        case layout.activitiesLine, layout.candidatesLine: return .field(.activities)
        case layout.scalesLine where layout.hasScales: return .field(.scales)
        case layout.dateLine: return .field(.date)
        default: return nil
        }
    }

    /// Where the level line puts each level after its label: "1 awful  2 bad  3 meh …", or in
    /// a narrow box only the digits (the chosen level's name follows them).
    private static func levelSegments(_ form: MoodFormViewModel, in box: TextBox) -> (segments: [LevelSegment], fitsFully: Bool) {
        let start = box.left + 2 + TextWidth.columns(of: levelLabel)
        let limit = box.left + 2 + box.innerWidth
        let full = MoodLevel.allCases.map { "\($0.rawValue) \(form.levelWords.word(for: $0))" }
        let fitsFully = TextWidth.columns(of: full.joined(separator: "  ")) <= limit - start
        var column = start
        let segments = zip(MoodLevel.allCases, fitsFully ? full : MoodLevel.allCases.map { "\($0.rawValue)" }).map { level, text in
            let width = min(TextWidth.columns(of: text), max(0, limit - column))
            defer { column += width + (fitsFully ? 2 : 1) }
            return LevelSegment(level: level, text: text, columns: column..<(column + width))
        }
        return (segments, fitsFully)
    }

    /// One level's place on the level line.
    private struct LevelSegment {
        let level: MoodLevel
        let text: String
        let columns: Range<Int>
    }

    /// "Level 1 awful  2 bad  3 meh  4 good  5 great" with the chosen level highlighted; on a
    /// narrow box only the digits, followed by the chosen level's name.
    private func drawLevels(_ form: MoodFormViewModel, in box: TextBox) {
        let start = drawLabel(Self.levelLabel, line: 0, focused: form.focus == .level, in: box)
        let limit = box.left + 2 + box.innerWidth
        let (segments, fitsFully) = Self.levelSegments(form, in: box)
        for segment in segments {
            let style = segment.level == form.level ? highlight(for: segment.level) : TextStyle(dim: true)
            screen.write(segment.text, row: start.row, column: segment.columns.lowerBound, style: style, maxColumns: segment.columns.count)
        }
        if !fitsFully, let last = segments.last {
            let column = last.columns.upperBound + 1
            let name = " " + form.levelWords.word(for: form.level)
            screen.write(name, row: start.row, column: column, style: highlight(for: form.level).with(reverse: false), maxColumns: max(0, limit - column))
        }
    }

    private func highlight(for level: MoodLevel) -> TextStyle {
        TextStyle(foreground: colorSupport == .none ? nil : level.terminalColor, bold: true, reverse: true)
    }

    /// The "Note" label with the count, then the note's lines scrolled to keep the cursor shown.
    private func drawNote(_ form: MoodFormViewModel, layout: Layout) -> (row: Int, column: Int) {
        let box = layout.box
        let label = drawLabel(Self.noteLabel, line: 1, focused: form.focus == .note, in: box)
        let count = "\(form.note.text.count)/\(form.noteLimit)"
        let countColumn = box.left + 2 + box.innerWidth - TextWidth.columns(of: count)
        let full = form.note.text.count >= form.noteLimit
        if countColumn > label.column {
            screen.write(count, row: label.row, column: countColumn, style: full ? TextStyle(foreground: .red, bold: true) : TextStyle(dim: true), maxColumns: nil)
        }
        let field = TextStyle(underline: true)
        for shown in 0..<layout.noteLines {
            let start = box.drawLine(layout.noteTop + shown, "", on: screen)
            guard shown < box.innerHeight - layout.noteTop else { break }
            screen.fill(row: start.row, column: start.column, count: layout.noteWidth, character: " ", style: field)
            let line = layout.firstNoteLine + shown
            if layout.note.lines.indices.contains(line) {
                screen.write(layout.note.text(ofLine: line), row: start.row, column: start.column, style: field, maxColumns: layout.noteWidth)
            }
        }
        let cursor = layout.note.location(ofCursor: form.note.cursor)
        let top = box.top + 1 + layout.noteTop
        return (top + cursor.line - layout.firstNoteLine, box.left + 2 + cursor.column)
    }

    /// The "Activities" label and the field, and under it what completion offers, the one chosen
    /// with the arrows reversed (or, with nothing offered, how the field works).
    private func drawActivities(_ form: MoodFormViewModel, layout: Layout) -> (row: Int, column: Int) {
        let box = layout.box
        guard layout.candidatesLine < box.innerHeight else { return (box.top, box.left) }
        let label = drawLabel(Self.activitiesLabel, line: layout.activitiesLine, focused: form.focus == .activities, in: box)
        let limit = box.left + 2 + box.innerWidth
        let width = max(0, limit - label.column - 1)
        let window = TextFieldWindow(form.activities, width: width)
        let field = TextStyle(underline: true)
        screen.fill(row: label.row, column: label.column, count: width, character: " ", style: field)
        screen.write(window.text, row: label.row, column: label.column, style: field, maxColumns: width)
        let offered = box.drawLine(layout.candidatesLine, "", on: screen)
        if form.activityCandidates.isEmpty {
            let hint = form.focus == .activities ? Self.activitiesHint : ""
            screen.write(hint, row: offered.row, column: label.column, style: TextStyle(dim: true), maxColumns: width)
        } else {
            var column = label.column
            for (index, name) in form.activityCandidates.enumerated() where column < limit {
                let style = index == form.highlightedCandidate ? TextStyle(bold: true, reverse: true) : TextStyle(dim: true)
                column += screen.write(name, row: offered.row, column: column, style: style, maxColumns: max(0, limit - column)) + 2
            }
        }
        return (label.row, label.column + window.cursorColumn)
    }

    /// The "Scales" label and the field, or how it is filled in while it is empty; `nil` in a
    /// journal without scales.
    private func drawScales(_ form: MoodFormViewModel, layout: Layout) -> (row: Int, column: Int)? {
        let box = layout.box
        guard let scales = form.scales, layout.scalesLine < box.innerHeight else { return nil }
        let label = drawLabel(Self.scalesLabel, line: layout.scalesLine, focused: form.focus == .scales, in: box)
        let width = max(0, box.left + 2 + box.innerWidth - label.column - 1)
        let window = TextFieldWindow(scales, width: width)
        let field = TextStyle(underline: true)
        screen.fill(row: label.row, column: label.column, count: width, character: " ", style: field)
        if scales.text.isEmpty {
            screen.write(Self.scalesHint, row: label.row, column: label.column, style: TextStyle(dim: true, underline: true), maxColumns: width)
        } else {
            screen.write(window.text, row: label.row, column: label.column, style: field, maxColumns: width)
        }
        return (label.row, label.column + window.cursorColumn)
    }

    /// The "Date" label, the field and, when there is room, the forms it takes.
    private func drawDate(_ form: MoodFormViewModel, layout: Layout) -> (row: Int, column: Int) {
        let box = layout.box
        let label = drawLabel(Self.dateLabel, line: layout.dateLine, focused: form.focus == .date, in: box)
        let limit = box.left + 2 + box.innerWidth
        let width = min(Self.dateWidth, max(0, limit - label.column))
        let window = TextFieldWindow(form.date, width: width)
        let field = TextStyle(underline: true)
        guard layout.dateLine < box.innerHeight else { return (label.row, label.column) }
        screen.fill(row: label.row, column: label.column, count: width, character: " ", style: field)
        screen.write(window.text, row: label.row, column: label.column, style: field, maxColumns: width)
        let hintColumn = label.column + width + 2
        if limit - hintColumn >= TextWidth.columns(of: Self.dateHint) {
            screen.write(Self.dateHint, row: label.row, column: hintColumn, style: TextStyle(dim: true), maxColumns: limit - hintColumn)
        }
        return (label.row, label.column + window.cursorColumn)
    }
}
