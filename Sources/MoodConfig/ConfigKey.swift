/// The keys of `config.toml`, each with its default and what it takes, in the order
/// `moodtui config` prints them.
public enum ConfigKey: String, CaseIterable, Sendable {
    case journal
    case server
    case theme
    case dateStyle = "date_style"
    case weekStart = "week_start"
    case mouse

    /// What the key sets, for `moodtui config` and the problems it names.
    public var meaning: String {
        switch self {
        case .journal: "the journal commands use without --journal"
        case .server: "the server moodtui login uses when no URL is given"
        case .theme: "colours: \(Theme.allCases.map(\.rawValue).joined(separator: ", ")) (NO_COLOR turns them off whatever this says)"
        case .dateStyle: "times in the list: \(DateStyle.allCases.map(\.rawValue).joined(separator: " or "))"
        case .weekStart: "the week's first day in insights, stats and reports: \(WeekStart.allCases.map(\.rawValue).joined(separator: ", "))"
        case .mouse: "whether the app takes clicks and the wheel (false leaves the mouse to the terminal: select and copy)"
        }
    }
}

/// How the app colours levels and marks.
public enum Theme: String, CaseIterable, Sendable {
    /// moodtui's own colours: an orange–gray–blue scale that people with red–green colour
    /// blindness tell apart, on 256-colour terminals.
    case `default`
    /// The terminal's eight basic colours, as its own colour scheme draws them.
    case basic
    /// No colour: levels show as bars, as with `NO_COLOR`.
    case none
}

/// The day a week starts on: the order of the weekdays in insights, `moodtui stats` and the
/// report, and where the weeks of the mood-over-time chart begin.
public enum WeekStart: String, CaseIterable, Sendable {
    case monday
    case sunday
    case saturday

    /// The day as `LocalDay.weekday` numbers it: Monday 0 … Sunday 6.
    public var weekday: Int {
        switch self {
        case .monday: 0
        case .sunday: 6
        case .saturday: 5
        }
    }
}

/// How the list writes a mood's time.
public enum DateStyle: String, CaseIterable, Sendable {
    /// "just now", "25 min ago", "3 h ago", then the time of day.
    case relative
    /// Always the time of day ("21:04"), and the date where there is no day heading.
    case absolute
}
