import MoodKit
import TerminalUI

extension MoodLevel {
    /// The colour a level's swatch is drawn in: warm for bad days, cool for good ones.
    var terminalColor: TerminalColor {
        switch self {
        case .awful: .red
        case .bad: .magenta
        case .meh: .yellow
        case .good: .green
        case .great: .cyan
        }
    }

    /// A two-column bar whose height grows with the level, so monochrome terminals still tell
    /// levels apart without colour.
    var monoGlyph: String {
        switch self {
        case .awful: "▁ "
        case .bad: "▃ "
        case .meh: "▅ "
        case .good: "▆ "
        case .great: "█ "
        }
    }
}
