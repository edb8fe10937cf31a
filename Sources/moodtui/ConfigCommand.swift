import ArgumentParser
import MoodConfig

/// `moodtui config`: the settings file as it stands, with the value in effect for every key.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print config.toml with the value in effect for every key.",
        discussion: """
            The file is $XDG_CONFIG_HOME/moodtui/config.toml (~/.config/moodtui/config.toml). Every \
            key is optional. A line moodtui cannot take is named on standard error, and that key \
            keeps its default. The output is itself a config file.
            """)

    func run() {
        let file = Settings.file
        print("# \(file.path)\(file.exists ? "" : " (not there: every key has its default)")")
        for key in ConfigKey.allCases {
            let (value, note) = effective(key, file.config)
            print("\n# \(key.meaning)\n\(key.rawValue) = \(value)\(note.map { "  # \($0)" } ?? "")")
        }
    }

    /// The value moodtui uses for `key`, written as TOML, and where it comes from when that is
    /// not the file.
    private func effective(_ key: ConfigKey, _ config: MoodConfig) -> (String, String?) {
        let defaults = MoodConfig()
        func chosen(_ value: String, isDefault: Bool) -> (String, String?) { (Self.quoted(value), isDefault ? "the default" : nil) }
        switch key {
        case .journal: return chosen(Environment.defaultJournal, isDefault: config.journal == nil)
        case .server: return (Self.quoted(config.server ?? ""), config.server == nil ? "none: moodtui login takes a URL" : nil)
        case .theme:
            return Environment.noColor ? (Self.quoted(Theme.none.rawValue), "NO_COLOR is set") : chosen(config.theme.rawValue, isDefault: config.theme == defaults.theme)
        case .dateStyle: return chosen(config.dateStyle.rawValue, isDefault: config.dateStyle == defaults.dateStyle)
        case .weekStart: return chosen(config.weekStart.rawValue, isDefault: config.weekStart == defaults.weekStart)
        case .mouse: return ("\(config.mouse)", config.mouse == defaults.mouse ? "the default" : nil)
        }
    }

    /// `text` as a TOML string in double quotes.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
