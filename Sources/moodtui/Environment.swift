import Foundation
import MoodConfig

/// The environment variables moodtui reads, read only here (the composition root), so that no
/// library type depends on the process environment.
enum Environment {
    static var variables: [String: String] { ProcessInfo.processInfo.environment }

    /// `$XDG_DATA_HOME`, or `~/.local/share`.
    static var dataHome: URL { xdg("XDG_DATA_HOME", default: ".local/share") }

    /// The journal when none is named (config.toml's, else moodtui's own), as the launcher
    /// finds it too.
    static var defaultJournal: String {
        Settings.file.journal(home: { home.path }) ?? Locations.defaultJournal(variable: { variables[$0] }, home: { home.path })
    }

    /// `$XDG_STATE_HOME`, or `~/.local/state`: where logs go.
    static var stateHome: URL { xdg("XDG_STATE_HOME", default: ".local/state") }

    /// `$XDG_CONFIG_HOME`, or `~/.config`: where systemd looks for a person's own units.
    static var configHome: URL { xdg("XDG_CONFIG_HOME", default: ".config") }

    /// The program `name` as the shell would find it on `$PATH`, if it is there.
    static func program(named name: String) -> URL? {
        for folder in (variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where folder.hasPrefix("/") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The `moodtui` a person runs (the launcher beside this `moodtui-core`), for a timer to
    /// run it again later.
    static var executable: URL {
        let own = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        let launcher = own.deletingLastPathComponent().appendingPathComponent("moodtui")
        return FileManager.default.isExecutableFile(atPath: launcher.path) ? launcher : own
    }

    /// The numeric id of the person running moodtui, for the address of their session bus.
    static var userID: UInt32 { getuid() }

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
        URL(fileURLWithPath: Locations.folder(name, default: relative, variable: { variables[$0] }, home: { home.path }))
    }
}
