import MoodListModule
import Testing
import TerminalUI
@testable import MoodListScreen

@Suite struct TextFieldWindowTests {
    init() { TerminalLocale.ensureUTF8() }

    private func window(_ text: String, cursor: Int, width: Int) -> TextFieldWindow {
        TextFieldWindow(TextFieldViewModel(text: text, cursor: cursor), width: width)
    }

    @Test func textThatFitsIsShownWholeWithTheCursorAtItsColumn() {
        #expect(window("hello", cursor: 5, width: 10) == window("hello", cursor: 5, width: 10))
        #expect(window("hello", cursor: 5, width: 10).text == "hello")
        #expect(window("hello", cursor: 2, width: 10).cursorColumn == 2)
    }

    @Test func theCursorAtTheEndNeedsItsOwnCell() {
        let fitted = window("abcde", cursor: 5, width: 5)
        #expect(fitted.text == "bcde")
        #expect(fitted.cursorColumn == 4)
    }

    @Test func wideCharactersCountTwoColumns() {
        let fitted = window("寿司🍣", cursor: 3, width: 10)
        #expect(fitted.cursorColumn == 6)
        let scrolled = window("寿司🍣", cursor: 3, width: 5)
        #expect(scrolled.text == "司🍣", "寿 scrolled out so the cursor fits in column 4")
        #expect(scrolled.cursorColumn == 4)
    }

    @Test func aCursorNearTheStartShowsTheStartCutToTheWidth() {
        let fitted = window("abcdefghij", cursor: 1, width: 4)
        #expect(fitted.text == "abcd")
        #expect(fitted.cursorColumn == 1)
    }

    @Test func anOutOfRangeCursorIsClamped() {
        #expect(window("abc", cursor: 99, width: 10).cursorColumn == 3)
        #expect(window("abc", cursor: -4, width: 10).cursorColumn == 0)
        #expect(window("abc", cursor: 1, width: 0).text == "")
    }
}
