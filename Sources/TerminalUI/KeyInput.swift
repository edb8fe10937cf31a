/// One thing curses' `wget_wch` returned: a character it did not decode, or a function key it did.
///
/// With keypad on, curses decodes the escape sequences its terminfo entry knows (arrows, Home, …)
/// into key codes; everything else, including the sequences it does not know and every Alt
/// chord, reaches ``KeyDecoder`` as characters, beginning with ESC.
public enum KeyInput: Equatable, Sendable {
    /// A Unicode scalar value (a C0 control, ESC, or text).
    case scalar(UInt32)
    /// A curses key code (`KEY_UP`, `KEY_RESIZE`, …).
    case keyCode(Int32)
}
