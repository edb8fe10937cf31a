import MoodKit
import MoodListModule
import TerminalUI

/// Turns a key into what the person meant, given what is open over the list.
///
/// Pure, so every mode's mapping is tested without a terminal. Resize events are never mapped:
/// the app handles them. Keys that mean nothing in the current mode map to `nil`.
public struct MoodListKeyMap: Sendable {
    /// Creates the key map.
    public init() {}

    /// The intent for `key` while `overlay` is open (`nil`: the bare list).
    ///
    /// - List: ↑/k ↓/j move, g/Home G/End jump, PgUp/PgDn and Ctrl-B/Ctrl-F page, a add,
    ///   Enter/v the whole mood, e edit, d/Delete delete, u undo, / filter, ? help, q quit,
    ///   Esc cancel.
    /// - Form: Tab and Shift-Tab move between the level, the note and the date; Enter saves from
    ///   any of them, Esc cancels. In the level `1`–`5` and the arrows choose (→ and ↑ better).
    ///   The note and the date take text with readline's keys (Ctrl-A/E/B/F/D/U/K/W,
    ///   Alt-B/F/D/Backspace); in the note ↑/↓ move between lines and Alt-Enter breaks the line.
    ///   A paste is text.
    /// - Detail: ↑/k ↓/j and the page keys scroll, e edit, d delete, Esc/q/Enter/v close.
    /// - Delete question: y/Y yes; n/N/Esc no; other keys are ignored.
    /// - Help: any key closes it.
    /// - Filter: typing edits the filter, as in the form; Enter applies it, Esc cancels.
    /// - Anywhere else, a paste and Alt chords mean nothing: they are never taken as commands.
    public func intent(for key: KeyEvent, overlay: MoodListOverlay?) -> MoodListIntent? {
        if key == .resize { return nil }
        switch overlay {
        case nil: return listIntent(for: key)
        case .form(let form): return formIntent(for: key, focus: form.focus)
        case .detail: return detailIntent(for: key)
        case .confirmDelete: return confirmIntent(for: key)
        case .help: return helpIntent(for: key)
        case .filter: return textFieldIntent(for: key)
        }
    }

    private func listIntent(for key: KeyEvent) -> MoodListIntent? {
        switch key {
        case .up, .character("k"): .moveSelection(by: -1)
        case .down, .character("j"): .moveSelection(by: 1)
        case .home, .character("g"): .moveToTop
        case .end, .character("G"): .moveToBottom
        case .pageUp, .control("b"): .movePage(by: -1)
        case .pageDown, .control("f"): .movePage(by: 1)
        case .character("a"): .add
        case .enter, .character("v"): .showDetail
        case .character("e"): .editSelected
        case .delete, .character("d"): .deleteSelected
        case .character("u"): .undoDelete
        case .character("/"): .startFilter
        case .character("?"): .showHelp
        case .character("q"): .quit
        case .escape: .cancel
        default: nil
        }
    }

    private func formIntent(for key: KeyEvent, focus: MoodFormField) -> MoodListIntent? {
        switch (focus, key) {
        case (_, .tab): .focusNext
        case (_, .backTab): .focusPrevious
        case (.level, .up), (.level, .right): .stepLevel(by: 1)
        case (.level, .down), (.level, .left): .stepLevel(by: -1)
        case (.level, .character(let character)):
            character.isASCII ? character.wholeNumberValue.flatMap(MoodLevel.init(rawValue:)).map(MoodListIntent.setLevel) : nil
        case (.level, .enter): .submit
        case (.level, .escape): .cancel
        case (.level, _): nil
        case (.note, .up): .edit(.moveLineUp)
        case (.note, .down): .edit(.moveLineDown)
        case (.note, .altEnter): .edit(.insert("\n"))
        case (.note, _), (.date, _): textFieldIntent(for: key)
        }
    }

    private func detailIntent(for key: KeyEvent) -> MoodListIntent? {
        switch key {
        case .up, .character("k"): .moveSelection(by: -1)
        case .down, .character("j"): .moveSelection(by: 1)
        case .pageUp, .control("b"): .movePage(by: -1)
        case .pageDown, .control("f"), .character(" "): .movePage(by: 1)
        case .character("e"): .editSelected
        case .character("d"), .delete: .deleteSelected
        case .escape, .enter, .character("q"), .character("v"): .cancel
        default: nil
        }
    }

    private func confirmIntent(for key: KeyEvent) -> MoodListIntent? {
        switch key {
        case .character("y"), .character("Y"): .answer(true)
        case .character("n"), .character("N"), .escape: .answer(false)
        default: nil
        }
    }

    private func helpIntent(for key: KeyEvent) -> MoodListIntent? {
        switch key {
        case .unknown, .paste: nil
        default: .cancel
        }
    }

    /// Text editing with readline's keys, shared by the form's note and the filter field. A
    /// paste is inserted as text, whatever it holds.
    private func textFieldIntent(for key: KeyEvent) -> MoodListIntent? {
        switch key {
        case .character(let character): .edit(.insert(character))
        case .paste(let text): .edit(.insertText(text))
        case .backspace: .edit(.deleteBackward)
        case .delete, .control("d"): .edit(.deleteForward)
        case .control("w"), .altBackspace: .edit(.deleteWordBackward)
        case .alt("d"): .edit(.deleteWordForward)
        case .control("u"): .edit(.deleteToStart)
        case .control("k"): .edit(.deleteToEnd)
        case .left, .control("b"): .edit(.moveLeft)
        case .right, .control("f"): .edit(.moveRight)
        case .alt("b"): .edit(.moveWordLeft)
        case .alt("f"): .edit(.moveWordRight)
        case .home, .control("a"): .edit(.moveToStart)
        case .end, .control("e"): .edit(.moveToEnd)
        case .enter: .submit
        case .escape: .cancel
        default: nil
        }
    }
}
