import ArgumentParser
import JournalPeek

/// `moodtui prompt`: a line for a shell prompt, there only until today has a mood.
struct PromptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prompt",
        abstract: "Print a nudge when today has no mood yet, for a shell prompt.",
        discussion: """
            Prints '\(TodayNudge.text)' when the journal holds no mood for today from any device, \
            and nothing otherwise (nor when there is no journal yet). It only reads the journal: no \
            network, no lock, nothing written. (The moodtui you run answers it itself, without \
            loading the rest of the program.)
            """)

    @OptionGroup var journal: JournalOptions

    func run() throws {
        // A journal not made yet belongs to someone who has not started: no nudge every prompt.
        if try DailyNudge.today(inJournalAt: journal.path) == .empty { print(TodayNudge.text) }
    }
}
