import MoodKit
import MoodListModule
import Testing
import TerminalUI
@testable import MoodListScreen

@Suite struct MoodListKeyMapTests {
    let keys = MoodListKeyMap()
    static let emptyForm = MoodListFixtures.form(note: "")
    static let filledForm = MoodListFixtures.form(note: "ok")
    static let filter = MoodListOverlay.filter(TextFieldViewModel(text: "", cursor: 0))

    static let listKeys: [(KeyEvent, MoodListIntent)] = [
        (.up, .moveSelection(by: -1)), (.character("k"), .moveSelection(by: -1)),
        (.down, .moveSelection(by: 1)), (.character("j"), .moveSelection(by: 1)),
        (.character("g"), .moveToTop), (.home, .moveToTop),
        (.character("G"), .moveToBottom), (.end, .moveToBottom),
        (.pageUp, .movePage(by: -1)), (.control("b"), .movePage(by: -1)),
        (.pageDown, .movePage(by: 1)), (.control("f"), .movePage(by: 1)),
        (.character("a"), .add), (.character("e"), .editSelected), (.enter, .showDetail), (.character("v"), .showDetail),
        (.character("d"), .deleteSelected), (.delete, .deleteSelected),
        (.character("u"), .undoDelete), (.character("/"), .startFilter), (.character("?"), .showHelp),
        (.character("q"), .quit), (.escape, .cancel),
    ]

    @Test(arguments: listKeys)
    func listKeysMoveAndAct(key: KeyEvent, intent: MoodListIntent) {
        #expect(keys.intent(for: key, overlay: nil) == intent)
    }

    /// Alt chords and pastes are never commands: a pasted line with `q` or `e` in it quit the
    /// app or opened a form.
    @Test(arguments: [
        KeyEvent.resize, .character("x"), .character("1"), .tab, .backspace, .left, .unknown(999),
        .alt("d"), .alt("q"), .altBackspace, .backTab, .control("s"), .control("q"),
    ])
    func otherKeysDoNothingOnTheList(key: KeyEvent) {
        #expect(keys.intent(for: key, overlay: nil) == nil)
    }

    @Test(arguments: [KeyEvent.paste("e\nq\n"), .paste("d")])
    func aPasteOnTheListIsExplainedNeverRun(key: KeyEvent) {
        #expect(keys.intent(for: key, overlay: nil) == .explainPaste)
    }

    static let textKeys: [(KeyEvent, MoodListIntent)] = [
        (.character("x"), .edit(.insert("x"))), (.character("寿"), .edit(.insert("寿"))),
        (.character("🍣"), .edit(.insert("🍣"))), (.character("q"), .edit(.insert("q"))),
        (.character("/"), .edit(.insert("/"))), (.character("7"), .edit(.insert("7"))),
        (.backspace, .edit(.deleteBackward)), (.delete, .edit(.deleteForward)),
        (.left, .edit(.moveLeft)), (.right, .edit(.moveRight)),
        (.home, .edit(.moveToStart)), (.control("a"), .edit(.moveToStart)),
        (.end, .edit(.moveToEnd)), (.control("e"), .edit(.moveToEnd)),
        (.control("b"), .edit(.moveLeft)), (.control("f"), .edit(.moveRight)), (.control("d"), .edit(.deleteForward)),
        (.alt("b"), .edit(.moveWordLeft)), (.alt("f"), .edit(.moveWordRight)),
        (.alt("d"), .edit(.deleteWordForward)), (.altBackspace, .edit(.deleteWordBackward)), (.control("w"), .edit(.deleteWordBackward)),
        (.control("u"), .edit(.deleteToStart)), (.control("k"), .edit(.deleteToEnd)),
        (.paste("line one\nq\ne"), .edit(.insertText("line one\nq\ne"))),
        (.enter, .submit), (.escape, .cancel),
    ]

    @Test(arguments: textKeys)
    func theFormEditsTheNote(key: KeyEvent, intent: MoodListIntent) {
        #expect(keys.intent(for: key, overlay: Self.filledForm) == intent)
    }

    @Test(arguments: textKeys)
    func theFilterEditsItsText(key: KeyEvent, intent: MoodListIntent) {
        #expect(keys.intent(for: key, overlay: Self.filter) == intent)
    }

    /// A digit typed in the note is text: "2nd day" lost its "2" to the level.
    @Test func inTheNoteDigitsAreTextAndTheArrowsMoveBetweenLines() {
        for digit in "0123456789" {
            #expect(keys.intent(for: .character(digit), overlay: Self.emptyForm) == .edit(.insert(digit)))
        }
        #expect(keys.intent(for: .up, overlay: Self.filledForm) == .edit(.moveLineUp))
        #expect(keys.intent(for: .down, overlay: Self.filledForm) == .edit(.moveLineDown))
        #expect(keys.intent(for: .altEnter, overlay: Self.filledForm) == .edit(.insert("\n")))
        #expect(keys.intent(for: .paste("2nd day"), overlay: Self.emptyForm) == .edit(.insertText("2nd day")), "a paste is text")
    }

    @Test(arguments: [MoodFormField.level, .note, .date])
    func tabAndShiftTabMoveBetweenTheFieldsAndEnterSavesFromEach(field: MoodFormField) {
        let form = MoodListFixtures.form(note: "ok", focus: field)
        #expect(keys.intent(for: .tab, overlay: form) == .focusNext)
        #expect(keys.intent(for: .backTab, overlay: form) == .focusPrevious)
        #expect(keys.intent(for: .enter, overlay: form) == .submit)
        #expect(keys.intent(for: .escape, overlay: form) == .cancel)
    }

    @Test func inTheLevelDigitsAndArrowsChooseAndNothingElseIsTyped() {
        let form = MoodListFixtures.form(note: "", focus: .level)
        for level in MoodLevel.allCases {
            #expect(keys.intent(for: .character(Character(String(level.rawValue))), overlay: form) == .setLevel(level))
        }
        #expect(keys.intent(for: .up, overlay: form) == .stepLevel(by: 1))
        #expect(keys.intent(for: .right, overlay: form) == .stepLevel(by: 1))
        #expect(keys.intent(for: .down, overlay: form) == .stepLevel(by: -1))
        #expect(keys.intent(for: .left, overlay: form) == .stepLevel(by: -1))
        for other in [KeyEvent.character("0"), .character("6"), .character("３"), .character("x"), .paste("4"), .alt("d"), .backspace] {
            #expect(keys.intent(for: other, overlay: form) == nil, "\(other)")
        }
    }

    @Test(arguments: textKeys)
    func theDateFieldTakesTextLikeTheNote(key: KeyEvent, intent: MoodListIntent) {
        #expect(keys.intent(for: key, overlay: MoodListFixtures.form(note: "", focus: .date)) == intent)
    }

    static let detail = MoodListOverlay.detail(MoodDetailViewModel(level: .good, facts: [], note: "n", scroll: 0))

    @Test(arguments: [
        (KeyEvent.up, MoodListIntent.moveSelection(by: -1)), (.character("k"), .moveSelection(by: -1)),
        (.down, .moveSelection(by: 1)), (.character("j"), .moveSelection(by: 1)),
        (.pageUp, .movePage(by: -1)), (.pageDown, .movePage(by: 1)), (.character(" "), .movePage(by: 1)),
        (.character("e"), .editSelected), (.character("d"), .deleteSelected),
        (.escape, .cancel), (.enter, .cancel), (.character("q"), .cancel), (.character("v"), .cancel),
    ])
    func theDetailViewScrollsEditsDeletesAndCloses(key: KeyEvent, intent: MoodListIntent) {
        #expect(keys.intent(for: key, overlay: Self.detail) == intent)
        #expect(keys.intent(for: .paste("q"), overlay: Self.detail) == nil)
    }

    @Test func theFilterHasNoLevelKeys() {
        #expect(keys.intent(for: .character("3"), overlay: Self.filter) == .edit(.insert("3")))
        #expect(keys.intent(for: .up, overlay: Self.filter) == nil)
        #expect(keys.intent(for: .down, overlay: Self.filter) == nil)
    }

    @Test(arguments: [(KeyEvent.character("y"), true), (.character("Y"), true), (.character("n"), false), (.character("N"), false), (.escape, false)])
    func theDeleteQuestionTakesYesOrNo(key: KeyEvent, answer: Bool) {
        #expect(keys.intent(for: key, overlay: .confirmDelete(MoodListFixtures.rows[0])) == .answer(answer))
    }

    @Test(arguments: [KeyEvent.character("x"), .enter, .up, .character("q"), .resize, .paste("yes"), .alt("y")])
    func theDeleteQuestionIgnoresOtherKeys(key: KeyEvent) {
        #expect(keys.intent(for: key, overlay: .confirmDelete(MoodListFixtures.rows[0])) == nil)
    }

    @Test(arguments: [KeyEvent.character("x"), .escape, .enter, .character("q"), .character("?"), .left, .control("c")])
    func anyKeyButTheScrollingOnesClosesTheHelp(key: KeyEvent) {
        #expect(keys.intent(for: key, overlay: .help(lines: ["q quit"], scroll: 0)) == .cancel)
    }

    @Test func theHelpScrolls() {
        let help = MoodListOverlay.help(lines: [], scroll: 0)
        #expect(keys.intent(for: .down, overlay: help) == .moveSelection(by: 1))
        #expect(keys.intent(for: .character("k"), overlay: help) == .moveSelection(by: -1))
        #expect(keys.intent(for: .pageDown, overlay: help) == .movePage(by: 1))
        #expect(keys.intent(for: .paste("q"), overlay: help) == nil)
    }

    @Test func resizeIsNeverMapped() {
        let overlays: [MoodListOverlay?] = [nil, Self.emptyForm, Self.filter, .help(lines: [], scroll: 0), .confirmDelete(MoodListFixtures.rows[0])]
        for overlay in overlays {
            #expect(keys.intent(for: .resize, overlay: overlay) == nil)
        }
    }
}
