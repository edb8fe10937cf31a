import ArgumentParser
import MoodKit

/// `moodtui levels rad good meh bad awful`: the account's own words for the five levels, top to
/// bottom, which every device then shows; with no words, what they are called now.
struct LevelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "levels",
        abstract: "Call the five levels by your own words, top level first, or show what they are called.",
        discussion: """
            The words sync to every device of the account and are used by the app, list, stats, \
            exports and the Daylio import. Each level keeps its number and colour, and its \
            built-in name is still understood. Up to \(LevelWords.maximumLength) characters a word.
            """)

    @OptionGroup var journal: JournalOptions

    @Argument(help: ArgumentHelp("Five words, top level first, such as: rad good meh bad awful.", valueName: "word"))
    var words: [String] = []

    @Flag(help: "Call the levels by their built-in names again: great good meh bad awful.")
    var reset = false

    func validate() throws {
        if reset && !words.isEmpty { throw ValidationError("give either words or --reset") }
    }

    func run() throws {
        guard reset || !words.isEmpty else {
            let current = try CommandFailure.wrapping { try journal.open(ifMissing: .refuse).read { try $0.levelWordsInUse() } }
            print(Self.describe(current))
            return
        }
        let chosen = reset ? LevelWords.builtIn : try CommandFailure.wrapping { try LevelWords(topToBottom: words) }
        try CommandFailure.wrapping { try journal.open().write(origin: .commandLine) { try $0.setLevelWords(chosen) } }
        print("The levels are now " + Self.describe(chosen))
    }

    /// `rad 5 · good 4 · meh 3 · bad 2 · awful 1`, and whether these are the built-in names.
    static func describe(_ words: LevelWords) -> String {
        MoodLevel.allCases.reversed().map { "\(words.word(for: $0)) \($0.rawValue)" }.joined(separator: " · ")
            + (words.isBuiltIn ? " (the built-in names)" : "")
    }
}
