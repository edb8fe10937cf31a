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
        (.character("a"), .add), (.character("e"), .editSelected), (.enter, .editSelected),
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
        .alt("d"), .alt("q"), .altBackspace, .paste("e\nq\n"), .paste("d"), .backTab, .control("s"), .control("q"),
    ])
    func otherKeysDoNothingOnTheList(key: KeyEvent) {
        #expect(keys.intent(for: key, overlay: nil) == nil)
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

    @Test func upAndDownStepTheLevelInTheFormWithUpBetter() {
        #expect(keys.intent(for: .up, overlay: Self.filledForm) == .stepLevel(by: 1))
        #expect(keys.intent(for: .down, overlay: Self.emptyForm) == .stepLevel(by: -1))
    }

    @Test func digitsChooseTheLevelOnlyWhileTheNoteIsEmpty() {
        for level in MoodLevel.allCases {
            let digit = Character(String(level.rawValue))
            #expect(keys.intent(for: .character(digit), overlay: Self.emptyForm) == .setLevel(level))
            #expect(keys.intent(for: .character(digit), overlay: Self.filledForm) == .edit(.insert(digit)))
        }
        #expect(keys.intent(for: .character("0"), overlay: Self.emptyForm) == .edit(.insert("0")))
        #expect(keys.intent(for: .character("6"), overlay: Self.emptyForm) == .edit(.insert("6")))
        #expect(keys.intent(for: .character("３"), overlay: Self.emptyForm) == .edit(.insert("３")), "full-width digits are text")
        #expect(keys.intent(for: .paste("2nd day"), overlay: Self.emptyForm) == .edit(.insertText("2nd day")), "a paste is text")
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

    @Test(arguments: [KeyEvent.character("x"), .escape, .enter, .character("q"), .character("?"), .down, .control("c")])
    func anyKeyClosesTheHelp(key: KeyEvent) {
        #expect(keys.intent(for: key, overlay: .help(["q quit"])) == .cancel)
    }

    @Test func resizeIsNeverMapped() {
        let overlays: [MoodListOverlay?] = [nil, Self.emptyForm, Self.filter, .help([]), .confirmDelete(MoodListFixtures.rows[0])]
        for overlay in overlays {
            #expect(keys.intent(for: .resize, overlay: overlay) == nil)
        }
    }
}
