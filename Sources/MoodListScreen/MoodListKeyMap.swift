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
    ///   e/Enter edit, d/Delete delete, u undo, / filter, ? help, q quit, Esc cancel.
    /// - Form: typing edits the note (readline keys: Ctrl-A/E/B/F/D/U/K/W, Alt-B/F/D/Backspace);
    ///   ↑/↓ step the level (↑ is better); `1`–`5` choose the level only while the note is
    ///   empty, so digits can still be typed in a note; Enter saves; a paste is text.
    /// - Delete question: y/Y yes; n/N/Esc no; other keys are ignored.
    /// - Help: any key closes it.
    /// - Filter: typing edits the filter, as in the form; Enter applies it, Esc cancels.
    /// - Anywhere else, a paste and Alt chords mean nothing: they are never taken as commands.
    public func intent(for key: KeyEvent, overlay: MoodListOverlay?) -> MoodListIntent? {
        if key == .resize { return nil }
        switch overlay {
        case nil: return listIntent(for: key)
        case .form(let form): return formIntent(for: key, noteIsEmpty: form.note.text.isEmpty)
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
        case .enter, .character("e"): .editSelected
        case .delete, .character("d"): .deleteSelected
        case .character("u"): .undoDelete
        case .character("/"): .startFilter
        case .character("?"): .showHelp
        case .character("q"): .quit
        case .escape: .cancel
        default: nil
        }
    }

    private func formIntent(for key: KeyEvent, noteIsEmpty: Bool) -> MoodListIntent? {
        switch key {
        case .up: return .stepLevel(by: 1)
        case .down: return .stepLevel(by: -1)
        case .character(let character) where noteIsEmpty:
            if let digit = character.wholeNumberValue, let level = MoodLevel(rawValue: digit), character.isASCII {
                return .setLevel(level)
            }
            return textFieldIntent(for: key)
        default:
            return textFieldIntent(for: key)
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
