import MoodKit
import TerminalUI

extension MoodLevel {
    /// The colour a level's swatch is drawn in: warm for bad days, cool for good ones.
    ///
    /// On 256-colour terminals an orange–gray–blue scale (vermillion, orange, gray, sky blue,
    /// blue) that people with red–green colour blindness tell apart, each of middle lightness so
    /// that it stands out on dark and light backgrounds alike (2:1 contrast or better against
    /// black and white); on 8-colour terminals the basic colours.
    public var terminalColor: TerminalColor {
        switch self {
        case .awful: .indexed(166, basic: .red)
        case .bad: .indexed(208, basic: .magenta)
        case .meh: .indexed(247, basic: .yellow)
        case .good: .indexed(74, basic: .green)
        case .great: .indexed(26, basic: .cyan)
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
