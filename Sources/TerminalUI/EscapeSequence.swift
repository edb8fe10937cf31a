/// What the escape sequences terminals send for keys mean, for those curses did not decode.
///
/// Sequences from xterm, tmux, screen, the Linux console, rxvt, PuTTY and kitty. A sequence this
/// table does not know is consumed whole and means nothing (`nil`): it is never replayed as Esc
/// and letters, which once cancelled a form and ran its text as commands.
enum EscapeSequence {
    /// `ESC [ parameters final` (CSI). Modifiers (`1;5A`: Ctrl-Up) are ignored, except for the
    /// Alt of a key sent as a code point (kitty's `CSI code;mods u`, xterm's `CSI 27;mods;code ~`).
    static func csi(parameters: String, final: Unicode.Scalar) -> KeyEvent? {
        if parameters.hasPrefix("<") { return sgrMouse(parameters.dropFirst(), final: final) }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0.prefix { $0.isNumber }) }
        let first = numbers.first ?? nil
        switch final {
        case "A", "a": return .up
        case "B", "b": return .down
        case "C", "c": return .right
        case "D", "d": return .left
        case "H": return .home
        case "F": return .end
        case "Z": return .backTab
        case "u": return first.flatMap { codePointKey($0, modifiers: numbers.count > 1 ? numbers[1] : nil) }
        case "~":
            switch first {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            case 27 where numbers.count == 3: return numbers[2].flatMap { codePointKey($0, modifiers: numbers[1]) }
            default: return nil  // Insert, F5–F12, anything else
            }
        default: return nil  // focus in and out (I, O), F1–F4 in some terminals, reports
        }
    }

    /// A mouse report in SGR form (1006): `ESC [ < button ; column ; row M`, `m` for a release,
    /// the cell counted from 1.
    private static func sgrMouse(_ parameters: Substring, final: Unicode.Scalar) -> KeyEvent? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).compactMap { Int($0) }
        guard final == "M", numbers.count == 3, numbers.allSatisfy({ (0...100_000).contains($0) }) else { return nil }
        return MouseEvent.reported(button: numbers[0], row: numbers[2] - 1, column: numbers[1] - 1).map(KeyEvent.mouse)
    }

    /// A mouse report in the old X10 form, `ESC [ M` and three bytes (button, column, row, each
    /// 32 more than its value and the cell counted from 1): what a terminal without SGR sends.
    static func x10Mouse(_ bytes: [UInt32]) -> KeyEvent? {
        guard bytes.count == 3 else { return nil }
        return MouseEvent.reported(button: Int(bytes[0]) - 32, row: Int(bytes[2]) - 33, column: Int(bytes[1]) - 33).map(KeyEvent.mouse)
    }

    /// `ESC O final` (SS3): arrows and Home/End in application cursor mode, the keypad in
    /// application keypad mode, F1–F4.
    static func ss3(final: Unicode.Scalar) -> KeyEvent? {
        switch final {
        case "A": .up
        case "B": .down
        case "C": .right
        case "D": .left
        case "H": .home
        case "F": .end
        case "M": .enter
        case "a": .up  // rxvt's Ctrl-arrows
        case "b": .down
        case "c": .right
        case "d": .left
        case "p"..."y": .character(Character(Unicode.Scalar(final.value - 0x40)!))  // keypad 0–9
        case "k": .character("+")
        case "m": .character("-")
        case "j": .character("*")
        case "o": .character("/")
        case "n": .character(".")
        default: nil  // F1–F4 (P–S) and the rest
        }
    }

    /// A key sent as its code point, with xterm's modifier number (1 + Shift 1, Alt 2, Ctrl 4).
    private static func codePointKey(_ code: Int, modifiers: Int??) -> KeyEvent? {
        let flags = ((modifiers ?? nil) ?? 1) - 1
        let alt = flags & 2 != 0
        let control = flags & 4 != 0
        switch code {
        case 13: return .enter
        case 9: return flags & 1 != 0 ? .backTab : .tab
        case 27: return .escape
        case 8, 127: return alt ? .altBackspace : .backspace
        default:
            guard let scalar = Unicode.Scalar(UInt32(clamping: code)), !scalar.properties.generalCategory.isControlLike else { return nil }
            let character = Character(scalar)
            if control, scalar.isASCII, scalar.properties.isAlphabetic { return .control(Character(character.lowercased())) }
            return alt ? .alt(character) : .character(character)
        }
    }
}

extension Unicode.GeneralCategory {
    /// C0/C1 controls, surrogates and unassigned code points are not typed text.
    var isControlLike: Bool {
        switch self {
        case .control, .surrogate, .unassigned: true
        default: false
        }
    }
}
