import MoodListModule
import Testing

/// The text field's edits, readline's word and line keys among them.
@Suite struct TextFieldStateTests {
    /// A field holding `text` with the cursor where `|` is.
    private func field(_ marked: String) -> TextFieldState {
        let parts = marked.split(separator: "|", omittingEmptySubsequences: false)
        var field = TextFieldState(String(parts[0]) + String(parts[1]))
        field.apply(.moveToStart)
        for _ in 0..<parts[0].count { field.apply(.moveRight) }
        return field
    }

    /// The field as text with `|` at the cursor.
    private func marked(_ field: TextFieldState) -> String {
        String(field.characters[..<field.cursor]) + "|" + String(field.characters[field.cursor...])
    }

    private func after(_ edit: TextEdit, on start: String) -> String {
        var state = field(start)
        state.apply(edit)
        return marked(state)
    }

    @Test(arguments: [
        (TextEdit.deleteWordBackward, "it was fine|", "it was |"),
        (.deleteWordBackward, "it was  |fine", "it |fine"),
        (.deleteWordBackward, "|fine", "|fine"),
        (.deleteWordForward, "it| was fine", "it| fine"),
        (.deleteWordForward, "it was|", "it was|"),
        (.deleteToStart, "it was| fine", "| fine"),
        (.deleteToEnd, "it was| fine", "it was|"),
        (.moveWordLeft, "it was fine|", "it was |fine"),
        (.moveWordLeft, "it was |fine", "it |was fine"),
        (.moveWordRight, "|it was", "it| was"),
        (.moveWordRight, "it| was", "it was|"),
        (.moveWordLeft, "寿司 🍣 東京|", "寿司 🍣 |東京"),
        (.insertText("a\nb"), "x|y", "xa\nb|y"),
        (.deleteBackward, "ab|c", "a|c"),
        (.deleteBackward, "|c", "|c"),
        (.deleteForward, "ab|c", "ab|"),
        (.deleteForward, "ab|", "ab|"),
        (.moveLineUp, "one\ntw|o", "on|e\ntwo"),
        (.moveLineUp, "a\nlong|er", "a|\nlonger"),
        (.moveLineUp, "fi|rst", "fi|rst"),
        (.moveLineDown, "o|ne\ntwo", "one\nt|wo"),
        (.moveLineDown, "long|er\na", "longer\na|"),
        (.moveLineDown, "one\nt|wo", "one\nt|wo"),
    ])
    func editsChangeTheTextAndTheCursorLikeReadline(edit: TextEdit, start: String, end: String) {
        #expect(after(edit, on: start) == end)
    }

    @Test func aCombiningMarkTypedAfterALetterJoinsIt() {
        var state = TextFieldState("cafe")
        state.apply(.insert("\u{301}"))
        #expect(state.text == "café")
        #expect(state.characters.count == 4 && state.cursor == 4)
    }

    @Test func typingStopsAtTheLimitAndAPasteIsCutToFit() {
        var state = TextFieldState("abc", limit: 5)
        let pasted = state.apply(.insertText("defg"))
        #expect(!pasted && state.text == "abcde" && state.cursor == 5)
        let typed = state.apply(.insert("x"))
        #expect(!typed && state.text == "abcde")
        state.apply(.deleteBackward)
        let emoji = state.apply(.insert("🍣"))
        #expect(emoji && state.text == "abcd🍣", "an emoji is one character")
    }

    /// Deleting the x of 👩‍x💻 joins the emoji on either side into one character, as the text
    /// reads; the characters and the cursor follow.
    @Test func aDeletionThatJoinsCharactersLeavesOneCharacter() {
        var state = TextFieldState("👩\u{200D}x💻")
        state.apply(.moveLeft)
        state.apply(.deleteBackward)
        #expect(state.text == "👩\u{200D}💻")
        #expect(state.characters.count == 1 && state.characters.count == state.text.count)
        #expect(state.cursor == 0, "the cursor stays before what followed it, now inside one character: at its start")
    }
}
