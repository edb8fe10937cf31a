/// A person's settings from `$XDG_CONFIG_HOME/moodtui/config.toml`: what they set, the rest
/// at its default. Read by both programs (the launcher needs the journal for `moodtui prompt`),
/// so nothing here uses Foundation.
public struct MoodConfig: Equatable, Sendable {
    /// The journal, as written (`~/` is the person's home); `nil`: the default.
    public var journal: String?
    /// The server `moodtui login` uses without a URL; `nil`: none.
    public var server: String?
    public var theme = Theme.default
    public var dateStyle = DateStyle.relative
    public var weekStart = WeekStart.monday
    /// Whether the app asks the terminal for mouse events.
    public var mouse = true

    public init() {}

    /// The settings `text` holds, and what was wrong with it line by line: a line that is
    /// wrong is left out, and its key keeps its default.
    public static func parse(_ text: String) -> (config: MoodConfig, problems: [ConfigProblem]) {
        var config = MoodConfig()
        var problems: [ConfigProblem] = []
        var seen: [ConfigKey: Int] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            do {
                guard let (name, value) = try TOMLLine.keyAndValue(line) else { continue }
                guard let key = ConfigKey(rawValue: name) else {
                    throw ConfigProblem.Reason.unknownKey(name)
                }
                if let first = seen[key] { throw ConfigProblem.Reason.setTwice(key, firstLine: first) }
                seen[key] = number
                try config.set(key, to: value)
            } catch let reason as ConfigProblem.Reason {
                problems.append(ConfigProblem(line: number, reason: reason))
            } catch {
                preconditionFailure("TOMLLine and set(_:to:) throw only ConfigProblem.Reason")
            }
        }
        return (config, problems)
    }

    /// Sets `key` from a value as the file wrote it, if it is one the key takes.
    private mutating func set(_ key: ConfigKey, to value: TOMLValue) throws(ConfigProblem.Reason) {
        switch key {
        case .journal:
            guard case .string(let path) = value, !path.isEmpty, !path.contains("\0") else { throw .badValue(key, expected: "a path in quotes") }
            journal = path
        case .server:
            guard case .string(let url) = value, url.hasPrefix("http://") || url.hasPrefix("https://"), !url.contains(where: \.isWhitespace)
            else { throw .badValue(key, expected: "a URL starting http:// or https://, in quotes") }
            server = url
        case .theme:
            guard case .string(let name) = value, let theme = Theme(rawValue: name) else {
                throw .badValue(key, expected: Self.choices(Theme.allCases.map(\.rawValue)))
            }
            self.theme = theme
        case .dateStyle:
            guard case .string(let name) = value, let style = DateStyle(rawValue: name) else {
                throw .badValue(key, expected: Self.choices(DateStyle.allCases.map(\.rawValue)))
            }
            dateStyle = style
        case .weekStart:
            guard case .string(let name) = value, let day = WeekStart(rawValue: name) else {
                throw .badValue(key, expected: Self.choices(WeekStart.allCases.map(\.rawValue)))
            }
            weekStart = day
        case .mouse:
            guard case .bool(let on) = value else { throw .badValue(key, expected: "true or false, without quotes") }
            mouse = on
        }
    }

    private static func choices(_ names: [String]) -> String {
        "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}

/// A line of `config.toml` that moodtui could not take, and why, in words.
public struct ConfigProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Error, Equatable, Sendable {
        case unknownKey(String)
        case setTwice(ConfigKey, firstLine: Int)
        case badValue(ConfigKey, expected: String)
        case notAKeyAndValue
        case table(String)
        case badString(String)
        case unsupportedValue
        case textAfterValue
        /// The file as a whole (line 0) could not be read.
        case unreadable(String)
    }

    public let line: Int
    public let reason: Reason

    public var description: String {
        let what: String = switch reason {
        case .unknownKey(let name):
            "unknown key '\(name)' (the keys are \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .setTwice(let key, let first): "\(key.rawValue) is set already on line \(first); this line is left out"
        case .badValue(let key, let expected): "\(key.rawValue) takes \(expected)"
        case .notAKeyAndValue: "not a setting: write key = value"
        case .table(let name): "[\(name)]: tables are not used; write every key at the top"
        case .badString(let why): why
        case .unsupportedValue: "a value is a string in quotes, true or false, or a number"
        case .textAfterValue: "text after the value: put a comment after #"
        case .unreadable(let why): "cannot be read: \(why)"
        }
        return line == 0 ? what : "line \(line): \(what)"
    }
}
