import MoodKit
import MoodListModule
import Testing
import TerminalUI
@testable import MoodListScreen

@Suite struct MoodListScreenViewRedrawTests {
    let screen = MoodListFixtures.screen()
    let view: MoodListScreenView
    let sentinel = String(repeating: "#", count: 80)

    init() {
        view = MoodListScreenView(screen: screen, colorSupport: .basic8)
        view.display(MoodListFixtures.model(), changes: .all)
    }

    /// What a fresh view draws for `model` in one go.
    private func fullDraw(_ model: MoodListViewModel) -> String {
        let reference = MoodListFixtures.screen()
        MoodListScreenView(screen: reference, colorSupport: .basic8).display(model, changes: .all)
        return reference.text
    }

    @Test func onlyTheChangedListLinesAreRedrawn() {
        var model = MoodListFixtures.model()
        model.lines[2] = .mood(MoodListFixtures.row(.good, "just now", "changed"))
        screen.paint("#")
        view.display(model, changes: MoodListViewChanges(lines: [2]))
        for row in 0..<24 where row != 3 {
            #expect(screen.lines[row] == sentinel, "row \(row) was left alone")
        }
        #expect(screen.lines[3].hasPrefix("██ good  just now"))
        #expect(screen.lines[3].hasSuffix(" ✓"))
    }

    @Test func theHeaderAndFooterAreRedrawnOnlyWhenNamed() {
        var model = MoodListFixtures.model()
        model.header.status = "offline"
        screen.paint("#")
        view.display(model, changes: MoodListViewChanges(header: true))
        #expect(screen.lines[0].hasSuffix("offline"))
        #expect(screen.lines[1...].allSatisfy { $0 == sentinel })
        view.display(model, changes: MoodListViewChanges(footer: true))
        #expect(screen.lines[23].hasPrefix("↑↓ move"))
        #expect(screen.lines[1...22].allSatisfy { $0 == sentinel })
    }

    @Test func everythingClearsAndDrawsTheWholeScreen() {
        screen.paint("#")
        view.display(MoodListFixtures.model(), changes: .all)
        #expect(screen.text == fullDraw(MoodListFixtures.model()))
    }

    @Test func closingTheFormRestoresTheListUnderIt() {
        var model = MoodListFixtures.model(rows: (0..<21).map { MoodListFixtures.row(.meh, "day \($0)", "note \($0)") })
        let list = fullDraw(model)
        view.display(model, changes: .all)
        model.overlay = MoodListFixtures.form(note: "hello")
        view.display(model, changes: MoodListViewChanges(overlay: true))
        #expect(screen.text.contains("New mood"))
        #expect(screen.text != list)
        model.overlay = nil
        view.display(model, changes: MoodListViewChanges(overlay: true))
        #expect(screen.text == list)
        #expect(!screen.cursor.visible)
    }

    @Test func aListLineChangedUnderTheFormKeepsTheFormOnTop() {
        var model = MoodListFixtures.model(rows: (0..<21).map { MoodListFixtures.row(.meh, "day \($0)", "note \($0)") })
        model.overlay = MoodListFixtures.form(note: "hello")
        view.display(model, changes: .all)
        let withForm = screen.text
        model.lines[10] = .mood(MoodListFixtures.row(.great, "day 10", "changed under the box"))
        view.display(model, changes: MoodListViewChanges(lines: [10]))
        #expect(screen.text == fullDraw(model))
        #expect(screen.text != withForm, "the parts of the line outside the box changed")
        #expect(screen.cursor.visible)
    }

    @Test func aSizeChangeWithoutRedrawAllStillDrawsEverything() {
        screen.resize(to: TerminalSize(rows: 10, columns: 50))
        view.display(MoodListFixtures.model(), changes: MoodListViewChanges(lines: [0]))
        #expect(screen.lines[0].hasSuffix("local only"))
        #expect(screen.lines[9].hasPrefix("↑↓ move"))
    }

    @Test func aFullDrawLaysOutAgainAtTheNewSize() {
        screen.resize(to: TerminalSize(rows: 12, columns: 60))
        view.display(MoodListFixtures.model(), changes: .all)
        #expect(screen.lines[0].hasSuffix("local only"))
        #expect(screen.column(of: "local only", row: 0) == 60 - 11)
        #expect(screen.lines[11].hasPrefix("↑↓ move"))
        #expect(screen.lines[1].hasSuffix(" ·"))
        #expect(screen.lines[1].count <= 60)
    }
}
