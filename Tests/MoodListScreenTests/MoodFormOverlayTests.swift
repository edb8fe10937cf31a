import MoodKit
import MoodListModule
import Testing
import TerminalUI
@testable import MoodListScreen

@Suite struct MoodFormOverlayTests {
    let screen = MoodListFixtures.screen()

    private func show(_ overlay: MoodListOverlay, colors: ColorSupport = .basic8) {
        MoodListScreenView(screen: screen, colorSupport: colors).display(MoodListFixtures.model(overlay: overlay), changes: .all)
    }

    private func row(containing text: String) -> Int? {
        screen.lines.firstIndex { $0.contains(text) }
    }

    @Test func theFormIsABorderedBoxCentredOverTheListWithTitleLevelsAndHint() throws {
        show(MoodListFixtures.form(note: "hello"))
        let top = try #require(row(containing: "New mood"))
        #expect(top == 1 + (21 + 1 - 5) / 2, "5 rows centred in rows 1..<23")
        #expect(screen.lines[top].hasPrefix(String(repeating: " ", count: 8) + "┌─ New mood ─"))
        #expect(screen.column(of: "┐", row: top) == 8 + 64 - 1)
        #expect(screen.lines[top + 1].contains("│ 1 awful  2 bad  3 meh  4 good  5 great"))
        #expect(screen.lines[top + 2].contains("│ Note: hello"))
        #expect(screen.lines[top + 3].contains("↑↓ or 1-5 level · type note · Enter save · Esc cancel"))
        #expect(screen.lines[top + 4].contains("└───"))
    }

    @Test func theChosenLevelIsHighlightedInItsColour() throws {
        show(MoodListFixtures.form(note: "", level: .good))
        let levels = try #require(row(containing: "1 awful"))
        let good = try #require(screen.column(of: "4 good", row: levels))
        #expect(screen.style(row: levels, column: good) == TextStyle(foreground: .green, bold: true, reverse: true))
        let meh = try #require(screen.column(of: "3 meh", row: levels))
        #expect(!screen.style(row: levels, column: meh).reverse)
    }

    @Test func theCursorSitsAfterWideCharactersInTheNote() throws {
        show(MoodListFixtures.form(note: "東京で寿司 🍣"))
        let noteRow = try #require(row(containing: "Note:"))
        let field = try #require(screen.column(of: "Note: ", row: noteRow)) + 6
        #expect(screen.cursor == BufferScreen.Cursor(row: noteRow, column: field + 13, visible: true))
        #expect(screen.cursor.column == 29)
    }

    @Test func theCursorInsideTheNoteCountsColumnsNotCharacters() throws {
        show(MoodListFixtures.form(note: "東京で寿司 🍣", cursor: 2))
        let noteRow = try #require(row(containing: "Note:"))
        let field = try #require(screen.column(of: "Note: ", row: noteRow)) + 6
        #expect(screen.cursor == BufferScreen.Cursor(row: noteRow, column: field + 4, visible: true))
    }

    @Test func aNoteWiderThanTheBoxScrollsToKeepTheCursorVisible() throws {
        let screen = MoodListFixtures.screen(rows: 8, columns: 40)
        let note = "春夏秋冬東西南北上下左右前後内外天地山川"
        let model = MoodListFixtures.model(overlay: MoodListFixtures.form(note: note))
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(model, changes: .all)
        let noteRow = try #require(screen.lines.firstIndex { $0.contains("Note:") })
        #expect(screen.lines[noteRow].contains("Note: 上下左右前後内外天地山川   │"), "the end of the note is shown")
        #expect(!screen.lines[noteRow].contains("北"), "the start scrolled out")
        let field = try #require(screen.column(of: "Note: ", row: noteRow)) + 6
        #expect(screen.cursor.column == field + 24, "right after 川; the 26-column field keeps one spare column")
        #expect(screen.cursor.row == noteRow)
        #expect(screen.cursor.visible)
    }

    @Test func onANarrowBoxTheLevelsShrinkToDigitsAndTheChosenName() throws {
        let screen = MoodListFixtures.screen(rows: 8, columns: 40)
        let model = MoodListFixtures.model(overlay: MoodListFixtures.form(note: "", level: .bad))
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(model, changes: .all)
        #expect(screen.text.contains("│ 1 2 3 4 5  bad"))
        #expect(screen.lines.allSatisfy { TextWidth.columns(of: $0) <= 40 })
    }

    @Test func aRefusedSaveShowsItsErrorInRed() throws {
        show(MoodListFixtures.form(note: "x", error: "A note can be at most 500 characters."))
        let errorRow = try #require(row(containing: "at most 500"))
        let column = try #require(screen.column(of: "A note", row: errorRow))
        #expect(screen.style(row: errorRow, column: column).foreground == .red)
        #expect(screen.lines[errorRow + 1].contains("Enter save"))
    }

    @Test func theHelpIsABoxListingItsLines() throws {
        show(.help(["↑↓ j k  move", "a  add a mood", "q  quit"]))
        let top = try #require(row(containing: "Help"))
        #expect(screen.lines[top + 1].contains("│ ↑↓ j k  move"))
        #expect(screen.lines[top + 3].contains("│ q  quit"))
        #expect(screen.lines[top + 4].contains("└"))
        #expect(!screen.cursor.visible)
    }

    @Test func helpTooLongForTheScreenEndsWithAnEllipsisLine() throws {
        let screen = MoodListFixtures.screen(rows: 8, columns: 40)
        let lines = (1...20).map { "line \($0)" }
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(MoodListFixtures.model(overlay: .help(lines)), changes: .all)
        #expect(screen.text.contains("line 1 "))
        #expect(screen.text.contains("│ …"))
        #expect(!screen.text.contains("line 20"))
        #expect(screen.lines[7].hasPrefix("↑↓ move"), "the footer is never covered")
    }

    @Test func theDeleteQuestionNamesTheMoodOnTheMessageLine() {
        show(.confirmDelete(MoodListFixtures.rows[2]))
        #expect(screen.lines[22] == "Delete this mood? (y/n)  awful · 2024-03-01 08:15 · missed the train")
        #expect(screen.style(row: 22, column: 0).bold)
        #expect(!screen.cursor.visible)
    }

    @Test func theFilterLineShowsTheSlashTextAndCursor() {
        show(.filter(TextFieldViewModel(text: "sun寿", cursor: 4)))
        #expect(screen.lines[22] == "/sun寿")
        #expect(screen.cursor == BufferScreen.Cursor(row: 22, column: 6, visible: true))
    }
}
