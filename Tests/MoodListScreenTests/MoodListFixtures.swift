import Foundation
import MoodKit
import MoodListModule
import TerminalUI

/// View models and screens shared by the view tests.
enum MoodListFixtures {
    static let size = TerminalSize(rows: 24, columns: 80)

    /// A screen in a UTF-8 locale, so wide characters measure two columns.
    static func screen(rows: Int = 24, columns: Int = 80) -> BufferScreen {
        TerminalLocale.ensureUTF8()
        return BufferScreen(size: TerminalSize(rows: rows, columns: columns))
    }

    static func row(_ level: MoodLevel, _ date: String, _ note: String, sync: MoodSyncState.Summary = .synced) -> MoodRowViewModel {
        MoodRowViewModel(id: UUID(), level: level, levelName: level.name, dateText: date, note: note, sync: sync)
    }

    static let rows: [MoodRowViewModel] = [
        row(.great, "5 min ago", "sunny walk by the river", sync: .waiting),
        row(.meh, "21:04", "東京で寿司 🍣"),
        row(.awful, "08:15", "missed the train", sync: .failed),
    ]

    /// A list of `rows` without day headings (see the heading tests for those), unless `lines`.
    static func model(
        rows: [MoodRowViewModel?] = rows, lines: [MoodListLine]? = nil, selected: Int? = 0, overlay: MoodListOverlay? = nil,
        message: MoodListMessage? = nil
    ) -> MoodListViewModel {
        MoodListViewModel(
            header: MoodListHeader(title: "moodtui", countText: "3 moods", status: "local only"),
            lines: lines ?? rows.map(MoodListLine.mood), firstIndex: 0, selectedIndex: selected,
            footer: "↑↓ move · a add · e edit · d delete · / filter · ? help · q quit",
            overlay: overlay, message: message, emptyText: "No moods yet — press a to add one"
        )
    }

    static func form(
        note: String, cursor: Int? = nil, level: MoodLevel = .good, focus: MoodFormField = .note, date: String = "now",
        error: String? = nil
    ) -> MoodListOverlay {
        .form(formModel(note: note, cursor: cursor, level: level, focus: focus, date: date, error: error))
    }

    /// The form's view model itself, for tests that change it before drawing.
    static func formModel(
        note: String, cursor: Int? = nil, level: MoodLevel = .good, focus: MoodFormField = .note, date: String = "now",
        error: String? = nil
    ) -> MoodFormViewModel {
        let field = TextFieldViewModel(text: note, cursor: cursor ?? note.count)
        let dateField = TextFieldViewModel(text: date, cursor: date.count)
        return MoodFormViewModel(
            title: "New mood", focus: focus, level: level, note: field, noteLimit: MoodNote.maximumLength, date: dateField,
            error: error)
    }
}

extension BufferScreen {
    /// The column (in terminal columns) where `text` starts on `row`, or `nil` if it is not there.
    func column(of text: String, row: Int) -> Int? {
        let line = lines[row]
        guard let range = line.range(of: text) else { return nil }
        return TextWidth.columns(of: String(line[..<range.lowerBound]))
    }

    /// Paints every cell with `character`, so tests can tell which cells a draw touched.
    func paint(_ character: Character) {
        for row in 0..<size.rows { fill(row: row, column: 0, count: size.columns, character: character, style: .plain) }
    }
}
