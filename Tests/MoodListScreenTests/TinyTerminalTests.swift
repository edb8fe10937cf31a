import Foundation
import MoodListModule
import Testing
import TerminalUI
@testable import MoodListScreen

@Suite struct TinyTerminalTests {
    @Test func belowTheMinimumSizeAShortMessageReplacesTheList() {
        let screen = MoodListFixtures.screen(rows: 6, columns: 30)
        screen.paint("#")
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(MoodListFixtures.model(), changes: .all)
        #expect(screen.lines[2].trimmingCharacters(in: .whitespaces) == "moodtui needs at least 40×8")
        #expect(screen.lines[3].trimmingCharacters(in: .whitespaces) == "now 30×6")
        #expect(!screen.text.contains("great"), "no list content is drawn")
        #expect(!screen.text.contains("#"))
        #expect(screen.lines.count == 6)
        #expect(screen.lines.allSatisfy { TextWidth.columns(of: $0) <= 30 })
        #expect(!screen.cursor.visible)
    }

    @Test func aWideEnoughButShortTerminalShowsTheMessageOnOneLine() {
        let screen = MoodListFixtures.screen(rows: 5, columns: 80)
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(MoodListFixtures.model(), changes: .all)
        #expect(screen.lines[2].trimmingCharacters(in: .whitespaces) == "moodtui needs at least 40×8 — now 80×5")
    }

    @Test func aVeryNarrowTerminalTruncatesTheMessage() {
        let screen = MoodListFixtures.screen(rows: 3, columns: 10)
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(MoodListFixtures.model(), changes: .all)
        #expect(screen.lines[0] == "moodtui n…")
        #expect(screen.lines[1] == " now 10×3")
    }

    @Test func partialUpdatesInATinyTerminalNeverDrawListLines() {
        let screen = MoodListFixtures.screen(rows: 6, columns: 30)
        let view = MoodListScreenView(screen: screen, colorSupport: .basic8)
        view.display(MoodListFixtures.model(), changes: .all)
        let tiny = screen.text
        view.display(MoodListFixtures.model(overlay: MoodListFixtures.form(note: "x")), changes: MoodListViewChanges(lines: [0, 1], header: true, overlay: true))
        #expect(screen.text == tiny)
        #expect(!screen.cursor.visible)
    }

    @Test func anEmptyScreenIsLeftAlone() {
        let screen = MoodListFixtures.screen(rows: 0, columns: 0)
        let view = MoodListScreenView(screen: screen, colorSupport: .basic8)
        view.display(MoodListFixtures.model(), changes: .all)
        #expect(screen.lines.isEmpty)
        #expect(view.listRowCount == 0)
    }

    @Test func theMinimumSizeItselfDrawsTheList() {
        let screen = MoodListFixtures.screen(rows: 8, columns: 40)
        MoodListScreenView(screen: screen, colorSupport: .basic8).display(MoodListFixtures.model(), changes: .all)
        #expect(screen.lines[1].contains("great"))
        #expect(screen.lines[7].hasPrefix("↑↓ move"))
        #expect(MoodListLayout(size: screen.size).isTooSmall == false)
        #expect(MoodListLayout(size: TerminalSize(rows: 8, columns: 39)).isTooSmall)
        #expect(MoodListLayout(size: TerminalSize(rows: 7, columns: 40)).isTooSmall)
    }
}
