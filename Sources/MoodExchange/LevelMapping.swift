import MoodKit

/// Which level each mood name of another app stands for. Daylio's five moods (`rad`, `good`,
/// `meh`, `bad`, `awful`) are known; a mood the person renamed or added, in any language, is
/// placed by `--map` or by answering a question.
public struct LevelMapping: Sendable {
    /// By the name folded to lower case.
    private var levels: [String: MoodLevel]
    /// The level of an entry that states none and has no tag placed (`--level`).
    public var fallback: MoodLevel?

    /// Daylio's default moods.
    public static let daylio = LevelMapping(levels: ["rad": .great, "good": .good, "meh": .meh, "bad": .bad, "awful": .awful])

    private init(levels: [String: MoodLevel]) { self.levels = levels }

    /// Daylio's default moods and the account's words for its levels: a Daylio whose moods
    /// were renamed as the levels are here imports without a question.
    public static func daylio(with words: LevelWords) -> LevelMapping {
        var mapping = daylio
        if !words.isBuiltIn { for level in MoodLevel.allCases { mapping.place(words.word(for: level), at: level) } }
        return mapping
    }

    /// The level of a label, if it has one.
    public func level(for label: MoodLabel) -> MoodLevel? {
        switch label {
        case .level(let level): level
        case .named(let name): levels[Self.key(name)]
        case .tagged(let tags): tags.lazy.compactMap { levels[Self.key($0)] }.first ?? fallback
        }
    }

    /// Places `name` at `level`, whatever it stood for before.
    public mutating func place(_ name: String, at level: MoodLevel) {
        levels[Self.key(name)] = level
    }

    /// Places the names of `--map` text: `NAME=LEVEL` pairs apart by commas (`super=5,müde=bad`).
    /// A comma before text without `=` belongs to the name that follows: `good, mostly=4` places
    /// the name `good, mostly`.
    /// A LEVEL is 1–5, a built-in name or one of `words`.
    /// - Throws: ``MoodValidationError`` or words when a pair is not of that shape.
    public mutating func place(mapText: String, words: LevelWords = .builtIn) throws {
        var pairs: [String] = []
        var pending: String?
        for part in mapText.split(separator: ",", omittingEmptySubsequences: false) {
            if pending == nil && part.allSatisfy(\.isWhitespace) { continue }
            let joined = pending.map { $0 + "," + part } ?? String(part)
            if part.contains("=") {
                pairs.append(joined)
                pending = nil
            } else {
                pending = joined
            }
        }
        if let pending, !pending.allSatisfy(\.isWhitespace) { pairs.append(pending) }
        for pair in pairs {
            guard let equals = pair.lastIndex(of: "=") else {
                throw MappingError("“\(pair)” is not NAME=LEVEL, such as super=5 or müde=bad")
            }
            let name = pair[..<equals].trimmingSpaces
            guard !name.isEmpty else { throw MappingError("“\(pair)” has no mood name before =") }
            place(name, at: try words.level(parsing: String(pair[pair.index(after: equals)...])))
        }
    }

    private static func key(_ name: String) -> String {
        name.trimmingSpaces.lowercased()
    }
}

/// A `--map` that cannot be read, in words.
public struct MappingError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
