import AppTesting
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

    @Test func theFormIsABorderedBoxWithTheLevelTheNoteAndItsCountTheActivitiesAndTheDate() throws {
        show(MoodListFixtures.form(note: "hello"))
        let top = try #require(row(containing: "New mood"))
        #expect(top == 1 + (22 - 14) / 2, "7 note lines (a third of 22), 5 other lines and the border, centred in rows 1..<23")
        #expect(screen.lines[top].hasPrefix(String(repeating: " ", count: 4) + "┌─ New mood ─"))
        #expect(screen.column(of: "┐", row: top) == 4 + 72 - 1)
        #expect(screen.lines[top + 1].contains("│ Level 1 awful  2 bad  3 meh  4 good  5 great"))
        #expect(screen.lines[top + 2].contains("│ Note") && screen.lines[top + 2].hasSuffix("5/1000 │"))
        #expect(screen.lines[top + 3].contains("│ hello"))
        #expect(screen.lines[top + 10].contains("│ Activities "))
        #expect(screen.lines[top + 12].contains("│ Date  now"))
        #expect(screen.lines[top + 12].contains("yesterday 21:00"), "the forms the date takes")
        #expect(screen.lines[top + 13].contains("└───"))
    }

    @Test func theActivitiesFieldShowsWhatCompletionOffersWithTheChoiceReversed() throws {
        var form = MoodListFixtures.formModel(note: "hello", focus: .activities)
        form.activities = TextFieldViewModel(text: "tea re", cursor: 6)
        form.activityCandidates = ["read", "reading"]
        form.highlightedCandidate = 1
        let view = MoodListScreenView(screen: screen, colorSupport: .basic8)
        view.display(MoodListFixtures.model(overlay: .form(form)), changes: .all)
        let line = try #require(row(containing: "Activities"))
        #expect(screen.lines[line].contains("│ Activities tea re"))
        #expect(screen.style(row: line, column: try #require(screen.column(of: "Activities", row: line))).reverse, "the label of the field with focus")
        let offered = line + 1
        #expect(screen.lines[offered].contains("read  reading"))
        #expect(!screen.style(row: offered, column: try #require(screen.column(of: "read ", row: offered))).reverse)
        #expect(screen.style(row: offered, column: try #require(screen.column(of: "reading", row: offered))).reverse)
    }

    @Test func theFieldWithFocusHasItsLabelReversedAndTheCursorOnlyWhereTextIsTyped() throws {
        show(MoodListFixtures.form(note: "hello", focus: .level))
        let levels = try #require(row(containing: "Level"))
        #expect(screen.style(row: levels, column: try #require(screen.column(of: "Level", row: levels))).reverse)
        #expect(!screen.cursor.visible, "the level takes no text")
        show(MoodListFixtures.form(note: "hello", focus: .date, date: "yesterday"))
        let date = try #require(row(containing: "Date"))
        let field = try #require(screen.column(of: "Date  ", row: date)) + 6
        #expect(screen.cursor == BufferScreen.Cursor(row: date, column: field + 9, visible: true))
        #expect(!screen.style(row: levels, column: try #require(screen.column(of: "Level", row: levels))).reverse)
    }

    @Test func theChosenLevelIsHighlightedInItsColour() throws {
        show(MoodListFixtures.form(note: "", level: .good))
        let levels = try #require(row(containing: "1 awful"))
        let good = try #require(screen.column(of: "4 good", row: levels))
        #expect(screen.style(row: levels, column: good) == TextStyle(foreground: MoodLevel.good.terminalColor, bold: true, reverse: true))
        let meh = try #require(screen.column(of: "3 meh", row: levels))
        #expect(!screen.style(row: levels, column: meh).reverse)
    }

    @Test func theCursorSitsAfterWideCharactersInTheNote() throws {
        show(MoodListFixtures.form(note: "東京で寿司 🍣"))
        let noteRow = try #require(screen.lines.lastIndex { $0.contains("東京") }, "the note, below the list's row")
        let field = try #require(screen.column(of: "東京", row: noteRow))
        #expect(screen.cursor == BufferScreen.Cursor(row: noteRow, column: field + 13, visible: true))
    }

    @Test func theCursorInsideTheNoteCountsColumnsNotCharacters() throws {
        show(MoodListFixtures.form(note: "東京で寿司 🍣", cursor: 2))
        let noteRow = try #require(screen.lines.lastIndex { $0.contains("東京") }, "the note, below the list's row")
        let field = try #require(screen.column(of: "東京", row: noteRow))
        #expect(screen.cursor == BufferScreen.Cursor(row: noteRow, column: field + 4, visible: true))
    }

    /// Line breaks vanished in the form; a long note was one line scrolled sideways.
    @Test func aNoteWrapsAtSpacesAndBreaksAtLineFeedsWithTheCursorOnItsLine() throws {
        let screen = MoodListFixtures.screen(rows: 16, columns: 40)
        let note = "first line\nthe second one is long enough to wrap at a space\tend"
        let model = MoodListFixtures.model(overlay: MoodListFixtures.form(note: note))
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(model, changes: .all)
        let first = try #require(screen.lines.firstIndex { $0.contains("│ first line ") })
        #expect(screen.lines[first + 1].contains("│ the second one is long enough    │"), "31 columns and a spare one for the cursor")
        #expect(screen.lines[first + 2].contains("│ to wrap at a space end "), "a tab is a space")
        #expect(screen.cursor == BufferScreen.Cursor(row: first + 2, column: 2 + 2 + 22, visible: true))
        #expect(screen.lines.allSatisfy { TextWidth.columns(of: $0) <= 40 })
    }

    /// A full line that began with a space, then a wide character: the line came out one column
    /// too wide.
    @Test func noWrappedLineIsWiderThanTheWidth() {
        let wrapped = WrappedText(" abc東", width: 4)
        #expect(wrapped.lines == [0..<1, 1..<4, 4..<5])
        let seed = TestSeed.chosen()
        var random = SeededGenerator(seed: seed)
        let pieces: [Character] = [" ", "a", "東", "👩‍💻", "\n", "e\u{301}"]
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...30, using: &random)).map { _ in pieces.randomElement(using: &random)! })
            let width = Int.random(in: 2...8, using: &random)
            let lines = WrappedText(text, width: width)
            for index in lines.lines.indices {
                #expect(TextWidth.columns(of: lines.text(ofLine: index)) <= width, "seed \(seed): \(text.debugDescription) at \(width)")
            }
        }
    }

    @Test func aNoteLongerThanItsLinesScrollsToKeepTheCursorVisible() throws {
        let screen = MoodListFixtures.screen(rows: 10, columns: 40)
        let note = (1...12).map { "line \($0)" }.joined(separator: "\n")
        let model = MoodListFixtures.model(overlay: MoodListFixtures.form(note: note))
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(model, changes: .all)
        let last = try #require(screen.lines.firstIndex { $0.contains("line 12") })
        #expect(!screen.text.contains("line 1 "), "the start scrolled out")
        #expect(screen.cursor.row == last)
    }

    @Test func onANarrowBoxTheLevelsShrinkToDigitsAndTheChosenName() throws {
        let screen = MoodListFixtures.screen(rows: 12, columns: 40)
        let model = MoodListFixtures.model(overlay: MoodListFixtures.form(note: "", level: .bad))
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(model, changes: .all)
        #expect(screen.text.contains("│ Level 1 2 3 4 5  bad"))
        #expect(screen.lines.allSatisfy { TextWidth.columns(of: $0) <= 40 })
    }

    @Test func aFullNoteShowsItsCountInRed() throws {
        show(MoodListFixtures.form(note: String(repeating: "x", count: MoodNote.maximumLength)))
        let countRow = try #require(row(containing: "1000/1000"))
        #expect(screen.style(row: countRow, column: try #require(screen.column(of: "1000/1000", row: countRow))).foreground == .red)
    }

    @Test func aRefusedSaveShowsItsErrorInRedUnderTheDate() throws {
        show(MoodListFixtures.form(note: "x", error: "invalid date 'tomorow'"))
        let errorRow = try #require(row(containing: "tomorow"))
        let column = try #require(screen.column(of: "invalid", row: errorRow))
        #expect(screen.style(row: errorRow, column: column).foreground == .red)
        #expect(screen.lines[errorRow - 1].contains("Date"))
    }

    /// A long note without line breaks could not be scrolled to its end.
    @Test func aLongParagraphInTheDetailViewScrollsToItsLastWords() throws {
        let note = (1...120).map { "word\($0)" }.joined(separator: " ")
        let screen = MoodListFixtures.screen(rows: 16, columns: 40)
        let view = MoodListScreenView(screen: screen, colorSupport: .basic8)
        let detail = MoodDetailViewModel(level: .good, facts: [MoodDetailViewModel.Fact("Level", "4 good")], note: note, scroll: 0)
        let limit = view.scrollLimit(for: .detail(detail))
        #expect(limit > 10)
        view.display(MoodListFixtures.model(overlay: .detail(detail)), changes: .all)
        #expect(!screen.text.contains("word120") && screen.text.contains("↓ …"))
        var scrolled = detail
        scrolled.scroll = limit
        view.display(MoodListFixtures.model(overlay: .detail(scrolled)), changes: .all)
        #expect(screen.text.contains("word120") && screen.text.contains("↑ …") && !screen.text.contains("↓ …"), "\(screen.text)")
        scrolled.scroll = limit - 1
        view.display(MoodListFixtures.model(overlay: .detail(scrolled)), changes: .all)
        #expect(!screen.text.contains("word120"), "one line less is not the end")
    }

    @Test func theDetailViewShowsEveryFactAndTheWholeNoteWrapped() throws {
        let facts = [
            MoodDetailViewModel.Fact("Level", "4 good"), MoodDetailViewModel.Fact("Activities", "run, tea"),
            MoodDetailViewModel.Fact("Device", "laptop"),
        ]
        let note = "a note long enough to need more than one line in a box of forty columns\nand a second paragraph"
        let screen = MoodListFixtures.screen(rows: 16, columns: 40)
        let model = MoodListFixtures.model(overlay: .detail(MoodDetailViewModel(level: .good, facts: facts, note: note, scroll: 0)))
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(model, changes: .all)
        let top = try #require(screen.lines.firstIndex { $0.contains("─ Mood ─") })
        #expect(screen.lines[top + 1].contains("│ Level       4 good"), "values line up after the longest label")
        #expect(screen.lines[top + 2].contains("│ Activities  run, tea"))
        #expect(screen.lines[top + 3].contains("│ Device      laptop"))
        #expect(screen.lines[top + 5].contains("│ a note long enough to need more "))
        #expect(screen.text.contains("│ and a second paragraph"))
        #expect(!screen.cursor.visible)
    }

    /// List text showed through popups.
    @Test(arguments: [
        MoodListFixtures.form(note: "short"),
        .help(lines: ["one", "two"], scroll: 0),
        .detail(MoodDetailViewModel(level: .meh, facts: [MoodDetailViewModel.Fact("Level", "3 meh")], note: "n", scroll: 0)),
    ])
    func aBoxCoversWhatIsUnderItEvenWhereAWideCharacterCrossesItsBorder(overlay: MoodListOverlay) throws {
        let wide = String(repeating: "東", count: 40)
        let rows = (0..<21).map { _ in MoodListFixtures.row(.meh, "5 min ago", wide) }
        let screen = MoodListFixtures.screen(rows: 24, columns: 81)
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(MoodListFixtures.model(rows: rows, selected: nil, overlay: overlay), changes: .all)
        let top = try #require(screen.lines.firstIndex { $0.contains("┌") })
        let bottom = try #require(screen.lines.firstIndex { $0.contains("└") })
        let left = try #require(screen.column(of: "┌", row: top))
        for row in top...bottom {
            let line = screen.lines[row]
            let inside = line.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
            #expect(!inside.contains("東"), "row \(row): \(line)")
            #expect(screen.column(of: "│", row: row) == left || row == top || row == bottom, "the left border stays put: \(line)")
        }
        #expect(screen.lines.allSatisfy { TextWidth.columns(of: $0) <= 81 })
    }

    @Test func theHelpIsABoxListingItsLines() throws {
        show(.help(lines: ["↑↓ j k  move", "a  add a mood", "q  quit"], scroll: 0))
        let top = try #require(row(containing: "Help"))
        #expect(screen.lines[top + 1].contains("│ ↑↓ j k  move"))
        #expect(screen.lines[top + 3].contains("│ q  quit"))
        #expect(screen.lines[top + 4].contains("└"))
        #expect(!screen.cursor.visible)
    }

    @Test func helpTooLongForTheScreenScrollsAndSaysWhatIsAboveAndBelow() throws {
        let screen = MoodListFixtures.screen(rows: 8, columns: 40)
        let lines = (1...20).map { "line \($0)" }
        let view = MoodListScreenView(screen: screen, colorSupport: .basic8)
        view.display(MoodListFixtures.model(overlay: .help(lines: lines, scroll: 0)), changes: .all)
        #expect(screen.text.contains("line 1 "))
        #expect(screen.text.contains("│ ↓ …"))
        #expect(!screen.text.contains("line 20"))
        #expect(screen.lines[7].hasPrefix("↑↓ move"), "the footer is never covered")
        view.display(MoodListFixtures.model(overlay: .help(lines: lines, scroll: 99)), changes: .all)
        #expect(screen.text.contains("│ ↑ …"))
        #expect(screen.text.contains("line 20"), "scrolled no further than the end")
        #expect(!screen.text.contains("↓ …"))
    }

    @Test func theDeleteQuestionNamesTheMoodOnTheMessageLine() {
        show(.confirmDelete(MoodListFixtures.row(.awful, "2024-03-01 08:15", "missed the train")))
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
