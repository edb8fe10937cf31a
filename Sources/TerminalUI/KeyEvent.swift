/// A key the user pressed, decoded from curses into something views can switch over.
public enum KeyEvent: Equatable, Sendable {
    /// A printable character, including wide characters and (combined) emoji.
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    /// Return / Enter (CR, LF or the keypad Enter).
    case enter
    /// A lone Escape press.
    case escape
    /// Alt (Meta) plus a printable character: `ESC` and the character, as terminals send it.
    case alt(Character)
    /// Alt-Backspace: readline's "delete the word before the cursor".
    case altBackspace
    /// Alt-Enter: a line break in a field that takes several lines, where Enter saves.
    case altEnter
    /// Shift-Tab.
    case backTab
    /// Text pasted while bracketed paste is on: to be inserted literally, never run as keys.
    /// Line breaks are `\n`.
    case paste(String)
    /// Backspace, however the terminal spells it (DEL, ^H or `KEY_BACKSPACE`).
    case backspace
    /// The forward Delete key.
    case delete
    case tab
    /// The terminal was resized (curses' `KEY_RESIZE`); the event loop reports it as
    /// ``TerminalEvent/resize(_:)`` instead.
    case resize
    /// Ctrl plus a letter not mapped above, as the lowercase letter: Ctrl-D is `.control("d")`.
    case control(Character)
    /// The terminal's report of a press of the left button or a turn of the wheel (a press is a
    /// ``MouseEvent/Action/click`` here; the event loop tells double clicks apart). Reports come
    /// only while the app has asked for them (``TerminalOptions/mouse``).
    case mouse(MouseEvent)
    /// A code we do not understand, kept so it can be logged.
    case unknown(Int32)
}
