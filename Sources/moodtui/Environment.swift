import Foundation

/// The environment variables moodtui reads, read only here (the composition root), so that no
/// library type depends on the process environment.
enum Environment {
    static var variables: [String: String] { ProcessInfo.processInfo.environment }

    /// `$XDG_DATA_HOME`, or `~/.local/share`.
    static var dataHome: URL { xdg("XDG_DATA_HOME", default: ".local/share") }

    /// `$XDG_STATE_HOME`, or `~/.local/state`: where logs go.
    static var stateHome: URL { xdg("XDG_STATE_HOME", default: ".local/state") }

    /// Whether the person asked for no colour (https://no-color.org).
    static var noColor: Bool { !(variables["NO_COLOR"] ?? "").isEmpty }

    /// `MOODTUI_SERVER`: a server URL that replaces the journal's for one run.
    static var server: String? { variables["MOODTUI_SERVER"].flatMap { $0.isEmpty ? nil : $0 } }

    /// `MOODTUI_TOKEN`: a device token that replaces the journal's for one run.
    static var token: String? { variables["MOODTUI_TOKEN"].flatMap { $0.isEmpty ? nil : $0 } }

    /// `PGPASSWORD`, as `psql` reads it, for a `--database` URL without a password: a password on
    /// the command line is visible to every user of the machine (`ps`), one in the environment is
    /// not.
    static var postgresPassword: String? { variables["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 } }

    /// `$HOME`, as every shell tool reads it, else the account's home folder.
    static var home: URL {
        if let value = variables["HOME"], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        return FileManager.default.homeDirectoryForCurrentUser
    }

    private static func xdg(_ name: String, default relative: String) -> URL {
        if let value = variables[name], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        return home.appendingPathComponent(relative)
    }
}
