import Testing
@testable import TerminalUI

@Suite struct BufferScreenTests {
    let screen = BufferScreen(size: TerminalSize(rows: 3, columns: 10))

    init() {
        TerminalLocale.ensureUTF8()
    }

    @Test func writeDrawsTextAndReturnsTheColumnsUsed() {
        #expect(screen.write("mood", row: 1, column: 2) == 4)
        #expect(screen.lines == ["", "  mood", ""])
        #expect(screen.text == "\n  mood\n")
    }

    @Test func writeClipsAtTheRightEdge() {
        #expect(screen.write("abcdefgh", row: 0, column: 6) == 4)
        #expect(screen.lines[0] == "      abcd")
    }

    @Test func writeClipsAtMaxColumns() {
        #expect(screen.write("abcdefgh", row: 0, column: 1, style: .plain, maxColumns: 3) == 3)
        #expect(screen.lines[0] == " abc")
    }

    @Test func aWideCharacterAtTheLastColumnBecomesASpace() {
        screen.fill(row: 0, column: 0, count: 10, character: "x", style: .plain)
        #expect(screen.write("abc日本", row: 0, column: 4) == 6)
        #expect(screen.lines[0] == "xxxxabc日", "the second ideograph became a (trimmed) space over the x")
    }

    @Test func aWideCharacterCutByMaxColumnsBecomesASpace() {
        screen.fill(row: 0, column: 0, count: 10, character: "x", style: .plain)
        #expect(screen.write("日本", row: 0, column: 0, style: .plain, maxColumns: 3) == 3)
        #expect(screen.lines[0] == "日 xxxxxxx")
    }

    @Test func wideCharactersAppearOnceInTheLine() {
        screen.write("😀ok", row: 2, column: 0)
        #expect(screen.lines[2] == "😀ok")
        screen.write("z", row: 2, column: 2)
        #expect(screen.lines[2] == "😀zk")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        screen.write("日本", row: 0, column: 0)
        screen.write("a", row: 0, column: 1)
        #expect(screen.lines[0] == " a本")
    }

    @Test func writesOutsideTheScreenAreIgnored() {
        #expect(screen.write("x", row: 3, column: 0) == 0)
        #expect(screen.write("x", row: -1, column: 0) == 0)
        #expect(screen.write("abc", row: 0, column: -1) == 2)
        #expect(screen.lines == ["bc", "", ""])
    }

    @Test func stylesAreRecordedPerCell() {
        let red = TextStyle(foreground: .red, bold: true)
        screen.write("a", row: 0, column: 0)
        screen.write("日", row: 0, column: 1, style: red)
        #expect(screen.style(row: 0, column: 0) == .plain)
        #expect(screen.style(row: 0, column: 1) == red)
        #expect(screen.style(row: 0, column: 2) == red, "the right half of a wide character")
        #expect(screen.style(row: 0, column: 3) == .plain)
    }

    @Test func fillCoversTheGivenColumnsWithAStyle() {
        let swatch = TextStyle(foreground: .green, reverse: true)
        screen.fill(row: 1, column: 2, count: 3, character: "█", style: swatch)
        #expect(screen.lines[1] == "  ███")
        #expect((2...4).allSatisfy { screen.style(row: 1, column: $0) == swatch })
        #expect(screen.style(row: 1, column: 5) == .plain)
    }

    @Test func fillWithAWideCharacterPadsAnOddLastColumn() {
        screen.fill(row: 0, column: 0, count: 5, character: "日", style: .plain)
        #expect(screen.lines[0] == "日日")
        #expect(TextWidth.columns(of: screen.lines[0]) == 4)
    }

    @Test func clearAndClearRowBlankCellsAndStyles() {
        screen.write("one", row: 0, column: 0, style: TextStyle(bold: true))
        screen.write("two", row: 1, column: 0)
        screen.clearRow(0)
        #expect(screen.lines == ["", "two", ""])
        #expect(screen.style(row: 0, column: 0) == .plain)
        screen.clear()
        #expect(screen.text == "\n\n")
    }

    @Test func resizeKeepsTheOverlapAndBlanksNewCells() {
        screen.write("abcdefghij", row: 0, column: 0)
        screen.write("second", row: 1, column: 0)
        screen.resize(to: TerminalSize(rows: 4, columns: 4))
        #expect(screen.size == TerminalSize(rows: 4, columns: 4))
        #expect(screen.lines == ["abcd", "seco", "", ""])
        #expect(screen.write("xyz", row: 3, column: 2) == 2)
    }

    @Test func resizeBlanksAWideCharacterCutByTheNewEdge() {
        screen.write("ab日", row: 0, column: 0)
        screen.resize(to: TerminalSize(rows: 1, columns: 3))
        #expect(screen.lines == ["ab"])
    }

    @Test func cursorAndPresentAreRecorded() {
        screen.setCursor(row: 1, column: 4, visible: true)
        screen.present()
        screen.present()
        #expect(screen.cursor == BufferScreen.Cursor(row: 1, column: 4, visible: true))
        #expect(screen.presentCount == 2)
    }
}
