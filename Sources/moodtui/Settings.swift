import Foundation
import MoodConfig
import MoodListModule
import TerminalUI

/// The person's `config.toml`, read once per run; what is wrong in it is said once on standard
/// error, and moodtui goes on with the defaults for those lines.
enum Settings {
    static let file: ConfigFile = {
        let file = ConfigFile.load(variable: { Environment.variables[$0] }, home: { Environment.home.path })
        for line in file.problemLines { FileHandle.standardError.write(Data("moodtui: \(line)\n".utf8)) }
        return file
    }()

    static var config: MoodConfig { file.config }

    /// Colour as the theme asks, and none at all with `NO_COLOR`, whatever the theme.
    static var terminalOptions: TerminalOptions {
        TerminalOptions(noColor: !usesColor, basicColorsOnly: config.theme == .basic, mouse: config.mouse)
    }

    /// Whether anything may be coloured: not with `NO_COLOR`, nor with `theme = "none"`.
    static var usesColor: Bool { !Environment.noColor && config.theme != .none }

    /// The week's first day as `LocalDay.weekday` numbers it: Monday 0 … Sunday 6.
    static var firstWeekday: Int { config.weekStart.weekday }

    static var dateStyle: MoodDateFormatter.Style {
        switch config.dateStyle {
        case .relative: .relative
        case .absolute: .absolute
        }
    }
}
