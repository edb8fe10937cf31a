import CNCurses

extension KeyEvent {
    /// Decodes one result of `wget_wch`.
    ///
    /// A pure function of the raw values, so the mapping is unit-testable without a terminal.
    /// - Parameters:
    ///   - code: the wide character or key code stored by `wget_wch`.
    ///   - isKeyCode: `true` when `wget_wch` returned `KEY_CODE_YES` (a function key).
    public init(code: Int32, isKeyCode: Bool) {
        if isKeyCode {
            self = KeyEvent.functionKey(code)
            return
        }
        switch code {
        case 8, 127: self = .backspace
        case 9: self = .tab
        case 10, 13: self = .enter
        case 27: self = .escape
        case 1...26: self = .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        default:
            guard let scalar = Unicode.Scalar(UInt32(bitPattern: code)),
                  !scalar.properties.generalCategory.isControlLike else {
                self = .unknown(code)
                return
            }
            self = .character(Character(scalar))
        }
    }

    private static func functionKey(_ code: Int32) -> KeyEvent {
        switch code {
        case moodtui_key_up(): .up
        case moodtui_key_down(): .down
        case moodtui_key_left(): .left
        case moodtui_key_right(): .right
        case moodtui_key_ppage(): .pageUp
        case moodtui_key_npage(): .pageDown
        case moodtui_key_home(): .home
        case moodtui_key_end(): .end
        case moodtui_key_enter(): .enter
        case moodtui_key_backspace(): .backspace
        case moodtui_key_dc(): .delete
        case moodtui_key_btab(): .backTab
        case moodtui_key_resize(): .resize
        default: .unknown(code)
        }
    }

    /// Folds scalars that continue a grapheme (combining marks, U+FE0F, ZWJ sequences, flags)
    /// into the preceding character event, since curses delivers one scalar at a time.
    static func combining(_ events: [KeyEvent]) -> [KeyEvent] {
        var result: [KeyEvent] = []
        for event in events {
            if case .character(let next) = event, case .character(let previous)? = result.last {
                let joined = String(previous) + String(next)
                if joined.count == 1, let combined = joined.first {
                    result[result.count - 1] = .character(combined)
                    continue
                }
            }
            result.append(event)
        }
        return result
    }
}
