import CNCurses

/// Makes sure the C library runs in a UTF-8 locale.
///
/// `wcwidth` (and therefore ``TextWidth``) and ncursesw's wide-character output only work when
/// `LC_CTYPE` is a UTF-8 locale. ``Terminal/start(options:)`` calls this; tests call it first.
public enum TerminalLocale {
    /// Adopts the user's locale, falling back to `C.UTF-8` when it is not UTF-8.
    ///
    /// Not thread-safe (it calls `setlocale`): call it once, early, before other threads start.
    /// - Returns: `true` when the process ends up with a UTF-8 codeset.
    @discardableResult
    public static func ensureUTF8() -> Bool {
        setlocale(LC_ALL, "")
        if isUTF8 { return true }
        setlocale(LC_ALL, "C.UTF-8")
        return isUTF8
    }

    /// Whether the current `LC_CTYPE` codeset is UTF-8.
    public static var isUTF8: Bool {
        guard let codeset = moodtui_codeset() else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
