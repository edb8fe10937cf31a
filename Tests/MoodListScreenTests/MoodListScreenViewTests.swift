import Foundation
import MoodKit
import MoodListModule
import Testing
import TerminalUI
@testable import MoodListScreen

@Suite struct MoodListScreenViewTests {
    let screen = MoodListFixtures.screen()

    @discardableResult
    private func draw(_ model: MoodListViewModel, colors: ColorSupport = .extended256) -> MoodListScreenView {
        let view = MoodListScreenView(screen: screen, colorSupport: colors)
        view.display(model, changes: .all)
        return view
    }

    @Test func theHeaderShowsTheTitleCountAndStatusRightAlignedInReverse() {
        draw(MoodListFixtures.model())
        #expect(screen.lines[0].hasPrefix(" moodtui  3 moods"))
        #expect(screen.lines[0].hasSuffix("local only"))
        #expect(screen.column(of: "local only", row: 0) == 80 - 11)
        #expect(screen.style(row: 0, column: 40).reverse)
        #expect(screen.style(row: 0, column: 1).bold)
    }

    @Test func listLinesShowLevelDateNoteAndSyncMarkerInTheirColumns() {
        draw(MoodListFixtures.model())
        #expect(screen.column(of: "great", row: 1) == 3)
        #expect(screen.column(of: "5 min ago", row: 1) == 9)
        #expect(screen.column(of: "sunny walk by the river", row: 1) == 20)
        #expect(screen.lines[1].hasSuffix(" ·"))
        #expect(screen.column(of: "21:04", row: 2) == 9)
        #expect(screen.lines[2].hasSuffix(" ✓"))
        #expect(screen.column(of: "✓", row: 2) == 79)
        #expect(screen.lines[3].hasPrefix("██ awful 08:15      missed the train"))
        #expect(screen.column(of: "!", row: 3) == 79)
    }

    @Test func theLevelColumnIsAsWideAsTheAccountsLongestWordForALevel() throws {
        var model = MoodListFixtures.model(rows: [MoodListFixtures.row(.great, "21:04", "a long word for great")])
        model.levelWords = try LevelWords(topToBottom: ["fantastic", "good", "meh", "bad", "awful"])
        if case .mood(var row?) = model.lines[0] {
            row.levelName = model.levelWords.word(for: .great)
            model.lines[0] = .mood(row)
        }
        draw(model)
        #expect(screen.column(of: "fantastic 21:04      a long word for great", row: 1) == 3, "\(screen.lines[1])")
    }

    @Test func activitiesStandFlushRightInCyanAndTheNoteGivesWayToThem() {
        var tagged = MoodListFixtures.row(.good, "5 min ago", String(repeating: "long note ", count: 8))
        tagged.activities = "#run #sea-swim"
        var crowded = MoodListFixtures.row(.bad, "5 min ago", "short")
        crowded.activities = (1...12).map { "#activity\($0)" }.joined(separator: " ")
        draw(MoodListFixtures.model(rows: [tagged, crowded], selected: nil))
        #expect(screen.lines[1] == "██ good  5 min ago  long note long note long note long note lo… #run #sea-swim ✓")
        #expect(screen.column(of: "#run", row: 1) == 78 - 14)
        #expect(screen.style(row: 1, column: 78 - 14).foreground == .cyan)
        #expect(screen.lines[2].hasPrefix("██ bad   5 min ago  short"))
        #expect(screen.column(of: "#activity1 ", row: 2) == 20 + 58 - 29, "at most half of the note's space")
        #expect(screen.lines[2].hasSuffix("… ✓"))
    }

    @Test func dayHeadingsStandApartWithTheirFiguresAndARuleAndAreNeverSelected() {
        let lines: [MoodListLine] = [
            .day(DayHeadingViewModel(title: "Today", average: "3.6", level: .good, countText: "4 moods")),
            .mood(MoodListFixtures.rows[0]),
            .day(DayHeadingViewModel(title: "Mon 16 Nov", average: "2.0", level: .bad, countText: "1 mood")),
            .mood(MoodListFixtures.rows[1]),
        ]
        draw(MoodListFixtures.model(lines: lines, selected: 1), colors: .none)
        #expect(screen.lines[1] == "Today  ▆ 3.6 · 4 moods " + String(repeating: "─", count: 80 - 23))
        #expect(screen.lines[3] == "Mon 16 Nov  ▃ 2.0 · 1 mood " + String(repeating: "─", count: 80 - 27))
        #expect(screen.style(row: 1, column: 0).bold && !screen.style(row: 1, column: 0).reverse)
        #expect(screen.style(row: 1, column: 12).dim && screen.style(row: 1, column: 79).dim)
        #expect(!screen.style(row: 2, column: 40).reverse)
        #expect(screen.lines[4].contains("東京で寿司") && screen.style(row: 4, column: 40).reverse, "the second mood is the selected one")

        draw(MoodListFixtures.model(lines: lines, selected: nil))
        #expect(screen.lines[1].hasPrefix("Today  █ 3.6"))
        #expect(screen.style(row: 1, column: 7).foreground == MoodLevel.good.terminalColor)
    }

    @Test func swatchesTakeTheLevelColour() {
        draw(MoodListFixtures.model(selected: nil))
        #expect(screen.lines[2].hasPrefix("██ meh"))
        #expect(screen.style(row: 1, column: 0).foreground == MoodLevel.great.terminalColor)
        #expect(screen.style(row: 2, column: 1).foreground == MoodLevel.meh.terminalColor)
        #expect(screen.style(row: 3, column: 0).foreground == MoodLevel.awful.terminalColor)
    }

    @Test func theSelectedLineIsReversedAcrossTheFullWidthOnly() {
        draw(MoodListFixtures.model(selected: 1))
        for column in [0, 3, 9, 20, 50, 78, 79] {
            #expect(screen.style(row: 2, column: column).reverse, "column \(column)")
        }
        #expect(screen.style(row: 2, column: 0).foreground == MoodLevel.meh.terminalColor, "the swatch keeps its colour")
        #expect(!screen.style(row: 1, column: 3).reverse)
        #expect(!screen.style(row: 3, column: 50).reverse)
    }

    @Test func wideCharactersAreMeasuredSoTheMarkerStaysAtTheEdge() {
        draw(MoodListFixtures.model())
        let note = "東京で寿司 🍣"
        #expect(TextWidth.columns(of: note) == 13)
        #expect(screen.column(of: note, row: 2) == 20)
        #expect(screen.lines[2].hasSuffix(note + String(repeating: " ", count: 80 - 2 - 20 - 13 + 1) + "✓"))
    }

    @Test func aLongWideNoteIsCutWithAnEllipsisBeforeTheMarkerColumn() {
        let screen = MoodListFixtures.screen(rows: 10, columns: 40)
        let rows = [
            MoodListFixtures.row(.great, "5 min ago", "東京で寿司を食べた日は最高", sync: .waiting),
            MoodListFixtures.row(.good, "5 min ago", "a東京で寿司を食べた", sync: .synced),
        ]
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(MoodListFixtures.model(rows: rows, selected: nil), changes: .all)
        let prefix = "██ great 5 min ago  "
        #expect(screen.lines[1] == prefix + "東京で寿司を食べ…  ·", "17 columns: a ninth ideograph would need 2 beside the ellipsis")
        #expect(screen.lines[2] == "██ good  5 min ago  a東京で寿司を食べ… ✓", "18 columns, then the gap, then the marker")
    }

    @Test func theMessageLineShowsErrorsInRedAndTheFooterIsDim() {
        draw(MoodListFixtures.model(message: MoodListMessage(.error, "Could not save: disk full")))
        #expect(screen.lines[22] == "Could not save: disk full")
        #expect(screen.style(row: 22, column: 0) == TextStyle(foreground: .red, bold: true))
        #expect(screen.lines[23].hasPrefix("↑↓ move · a add"))
        #expect(screen.style(row: 23, column: 0).dim)
        #expect(screen.cursor.visible == false)
    }

    @Test func anInfoMessageIsPlain() {
        draw(MoodListFixtures.model(message: MoodListMessage(.info, "Deleted. u to undo")))
        #expect(screen.lines[22] == "Deleted. u to undo")
        #expect(screen.style(row: 22, column: 0) == .plain)
    }

    @Test func anEmptyListShowsTheEmptyTextCentredInTheListArea() {
        draw(MoodListFixtures.model(rows: [], selected: nil))
        let text = "No moods yet — press a to add one"
        #expect(screen.lines[11].trimmingCharacters(in: .whitespaces) == text)
        #expect(screen.column(of: text, row: 11) == (80 - TextWidth.columns(of: text)) / 2)
        #expect(screen.lines[1...10].allSatisfy { $0.isEmpty })
    }

    @Test func aRowStillBeingReadShowsAPlaceholder() {
        draw(MoodListFixtures.model(rows: [nil, MoodListFixtures.rows[0]], selected: 0))
        #expect(screen.lines[1].trimmingCharacters(in: .whitespaces) == "…")
        #expect(screen.style(row: 1, column: 40).reverse)
        #expect(screen.lines[2].contains("great"))
    }

    @Test func withoutColourSwatchesAreBarsWhoseHeightFollowsTheLevel() {
        let rows = MoodLevel.allCases.map { MoodListFixtures.row($0, "today", "") }
        draw(MoodListFixtures.model(rows: rows, selected: nil), colors: .none)
        let swatches = (1...5).map { String(screen.lines[$0].prefix(2)) }
        #expect(swatches == ["▁ ", "▃ ", "▅ ", "▆ ", "█ "])
        #expect(Set(swatches).count == 5)
        #expect(screen.style(row: 1, column: 0).foreground == nil)
    }

    @Test func displayPresentsOncePerCall() {
        let view = draw(MoodListFixtures.model())
        view.display(MoodListFixtures.model(), changes: MoodListViewChanges(lines: [1]))
        #expect(screen.presentCount == 2)
    }

    @Test func listRowCountIsTheRowsBetweenHeaderAndMessageLine() {
        let view = draw(MoodListFixtures.model())
        #expect(view.listRowCount == 21)
        screen.resize(to: TerminalSize(rows: 8, columns: 40))
        #expect(view.listRowCount == 5)
    }
}
