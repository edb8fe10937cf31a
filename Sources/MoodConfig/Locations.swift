/// Where moodtui keeps a person's things, by the XDG base directory rules: a folder's variable
/// when it holds an absolute path, else its usual place in the home folder. Both programs ask
/// here, so that the launcher and the whole program always agree.
public enum Locations {
    /// `$name`, or `relative` in the home folder; `variable` reads the environment, `home` is
    /// the home folder (`$HOME`, else the account's).
    public static func folder(_ name: String, default relative: String, variable: (String) -> String?, home: () -> String) -> String {
        if let value = variable(name), value.hasPrefix("/") { return value }
        return home() + "/" + relative
    }

    /// `$XDG_DATA_HOME/moodtui/journal.sqlite`: the journal when neither `--journal` nor
    /// config.toml names one.
    public static func defaultJournal(variable: (String) -> String?, home: () -> String) -> String {
        folder("XDG_DATA_HOME", default: ".local/share", variable: variable, home: home) + "/moodtui/journal.sqlite"
    }

    /// `$XDG_CONFIG_HOME/moodtui/config.toml`.
    public static func configFile(variable: (String) -> String?, home: () -> String) -> String {
        folder("XDG_CONFIG_HOME", default: ".config", variable: variable, home: home) + "/moodtui/config.toml"
    }
}
