import Glibc

/// Where `config.toml` is and what it holds, read without Foundation.
public struct ConfigFile: Sendable {
    /// `$XDG_CONFIG_HOME/moodtui/config.toml`, else `~/.config/moodtui/config.toml`.
    public let path: String
    /// Whether the file is there; without it every key has its default.
    public let exists: Bool
    public let config: MoodConfig
    /// What was wrong in the file, line by line; each wrong line is left out.
    public let problems: [ConfigProblem]

    /// The person's config file; `variable` reads the environment, `home` is their home folder.
    public static func load(variable: (String) -> String?, home: () -> String) -> ConfigFile {
        load(path: Locations.configFile(variable: variable, home: home))
    }

    /// The config file at `path`.
    public static func load(path: String) -> ConfigFile {
        switch contents(of: path) {
        case .missing: return ConfigFile(path: path, exists: false, config: MoodConfig(), problems: [])
        case .unreadable(let reason):
            return ConfigFile(path: path, exists: true, config: MoodConfig(), problems: [ConfigProblem(line: 0, reason: .unreadable(reason))])
        case .text(let text):
            let (config, problems) = MoodConfig.parse(text)
            return ConfigFile(path: path, exists: true, config: config, problems: problems)
        }
    }

    /// The journal the file names, `~/` made `home`; `nil` when it names none.
    public func journal(home: () -> String) -> String? {
        guard let journal = config.journal else { return nil }
        return journal.hasPrefix("~/") ? home() + journal.dropFirst() : journal
    }

    /// Each problem as a line for standard error: the file, the line and what is wrong.
    public var problemLines: [String] {
        problems.map { "\(path) \($0) (moodtui goes on with the default)" }
    }

    private enum Contents {
        case missing
        case unreadable(String)
        case text(String)
    }

    /// The file's text; a file of more than 64 KiB is not a settings file.
    private static func contents(of path: String) -> Contents {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 { return .unreadable(String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes += buffer[..<count]
            if bytes.count > 65_536 { return .unreadable("it is larger than 64 KiB") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .unreadable("it is not UTF-8 text") }
        return .text(text)
    }
}
