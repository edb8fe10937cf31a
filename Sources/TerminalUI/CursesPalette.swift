import CNCurses

/// Turns a ``TextStyle`` into curses attributes and a colour pair.
///
/// Colour pairs are allocated lazily, one per ``TerminalColor``, on first use; with
/// ``ColorSupport/none`` no pair is ever created and only attributes are used.
/// Must be used on the UI thread (it calls curses).
final class CursesPalette {
    private let support: ColorSupport
    private var pairs: [TerminalColor: Int32] = [:]

    init(support: ColorSupport) {
        self.support = support
    }

    /// The attributes and colour pair number that render `style`.
    func attributes(for style: TextStyle) -> (attributes: attr_t, pair: Int32) {
        var attributes = moodtui_a_normal()
        if style.bold { attributes |= moodtui_a_bold() }
        if style.dim { attributes |= moodtui_a_dim() }
        if style.reverse { attributes |= moodtui_a_reverse() }
        if style.underline { attributes |= moodtui_a_underline() }
        guard let color = style.foreground else { return (attributes, 0) }
        // Without a real gray, gray is rendered dim (in white when colours exist).
        if color == .gray, support != .extended256 { attributes |= moodtui_a_dim() }
        return (attributes, pair(for: color))
    }

    private func pair(for color: TerminalColor) -> Int32 {
        guard support != .none else { return 0 }
        if let pair = pairs[color] { return pair }
        let number = Int32(pairs.count + 1)
        guard number < moodtui_color_pairs() else { return 0 }
        init_pair(Int16(number), curses(color), -1)
        pairs[color] = number
        return number
    }

    /// The curses colour number for `color` under the current support.
    private func curses(_ color: TerminalColor) -> Int16 {
        switch color {
        case .red: Int16(COLOR_RED)
        case .green: Int16(COLOR_GREEN)
        case .yellow: Int16(COLOR_YELLOW)
        case .blue: Int16(COLOR_BLUE)
        case .magenta: Int16(COLOR_MAGENTA)
        case .cyan: Int16(COLOR_CYAN)
        case .white: Int16(COLOR_WHITE)
        case .gray: support == .extended256 ? 244 : Int16(COLOR_WHITE)
        case .indexed(let index, let basic): support == .extended256 ? Int16(index) : curses(basic)
        }
    }
}
