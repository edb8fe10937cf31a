/// The words an account calls its five levels by (`rad good meh bad awful`, top to bottom), or
/// the built-in ones: what the app, `list`, `stats`, exports and imports call each level, the
/// same on every device of the account. A level keeps its number and its colour whatever it is
/// called, and its built-in name is still understood where a level is typed.
public struct LevelWords: Hashable, Sendable, Comparable {
    /// Awful first; `nil`: the built-in names.
    private let words: [String]?

    /// The built-in names: `great good meh bad awful`.
    public static let builtIn = LevelWords(words: nil)

    /// The most characters a word has, so that the list's level column stays narrow.
    public static let maximumLength = 10
    /// The most bytes of UTF-8 a word has: ten characters of any script, not a character made
    /// of a thousand combining marks.
    public static let maximumBytes = 64
    /// Daylio's names for its five moods: a word may name only the level Daylio gives it, so
    /// that a Daylio export still imports as Daylio meant it.
    static let daylioNames: [MoodLevel: String] = [.great: "rad", .good: "good", .meh: "meh", .bad: "bad", .awful: "awful"]

    private init(words: [String]?) { self.words = words }

    /// Five words, top level first (`rad good meh bad awful`), as `moodtui levels` takes them.
    /// - Throws: ``MoodValidationError/invalidLevelWords(_:)`` saying which word and why.
    public init(topToBottom typed: [String]) throws(MoodValidationError) {
        guard typed.count == MoodLevel.allCases.count else {
            throw .invalidLevelWords("give five words, top level first, such as rad good meh bad awful; not \(typed.count)")
        }
        let words = typed.map { $0.trimmingCharacters(in: .whitespaces) }
        for (word, level) in zip(words, MoodLevel.allCases.reversed()) {
            let shown = TerminalSafeText.singleLine(String(word.prefix(40)))
            guard !word.isEmpty else { throw .invalidLevelWords("the word for \(level.name) is empty") }
            guard word.count <= Self.maximumLength, word.utf8.count <= Self.maximumBytes else {
                throw .invalidLevelWords("'\(shown)' is too long: a level's word has at most \(Self.maximumLength) characters (\(Self.maximumBytes) bytes)")
            }
            // Words come from other devices too: nothing in one may steer a terminal (bidi
            // overrides included), as in a note.
            guard TerminalSafeText.singleLine(word) == word, !word.contains(where: { ",=#/".contains($0) }) else {
                throw .invalidLevelWords("'\(shown)' holds a control or formatting character or one of , = # /")
            }
            guard Int(word) == nil else { throw .invalidLevelWords("'\(shown)' is a number, which names a level already") }
            if let other = MoodLevel.allCases.first(where: { $0 != level && ($0.name == word.lowercased() || Self.daylioNames[$0] == word.lowercased()) }) {
                throw .invalidLevelWords("'\(shown)' names \(other.name) already (built in or in Daylio); give \(level.name) another word")
            }
        }
        guard Set(words.map { $0.lowercased() }).count == words.count else {
            throw .invalidLevelWords("each level needs a word of its own: \(words.joined(separator: " "))")
        }
        self.init(words: words.reversed())
    }

    /// Whether these are the built-in names.
    public var isBuiltIn: Bool { words == nil }

    /// The word for `level`.
    public func word(for level: MoodLevel) -> String {
        words?[level.rawValue - 1] ?? level.name
    }

    /// The five words, top level first.
    public var topToBottom: [String] { MoodLevel.allCases.reversed().map(word(for:)) }

    /// The level `text` names: a number from 1 to 5, one of these words or a built-in name, in
    /// any case.
    /// - Throws: ``MoodValidationError/invalidLevel(_:)`` naming the words to use.
    public func level(parsing text: String) throws(MoodValidationError) -> MoodLevel {
        let typed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let words, let index = words.firstIndex(where: { $0.lowercased() == typed }) { return MoodLevel(rawValue: index + 1)! }
        do { return try MoodLevel(parsing: text) } catch {
            guard !isBuiltIn else { throw error }
            throw .invalidLevelOf(TerminalSafeText.singleLine(String(text.prefix(40))), words: topToBottom.reversed())
        }
    }

    /// The words as the journal and the setup keep them: five lines, top level first; the
    /// empty text for the built-in names.
    public var storedText: String { words.map { $0.reversed().joined(separator: "\n") } ?? "" }

    /// Reads ``storedText``; `nil` for anything else, or words that break the rules.
    public init?(storedText: String) {
        if storedText.isEmpty {
            self = .builtIn
        } else if let words = try? LevelWords(topToBottom: storedText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) {
            self = words
        } else {
            return nil
        }
    }

    /// Orders by the stored text's bytes: what a merge of two changes with one stamp needs.
    public static func < (a: LevelWords, b: LevelWords) -> Bool {
        a.storedText.utf8.lexicographicallyPrecedes(b.storedText.utf8)
    }
}
