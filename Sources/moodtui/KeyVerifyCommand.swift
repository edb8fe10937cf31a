import ArgumentParser
import Foundation
import MoodSync

/// `moodtui key verify [CODE]`: the safety code two devices compare, so that a server showing
/// them two histories is caught by the people holding them.
struct KeyVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Print this device's safety code, or compare it with another device's.",
        discussion: """
            Sync both devices first (`moodtui sync --once`). The code is the account key's fingerprint, the \
            latest signed head this device checked, and that head's fingerprint: two devices shown one history \
            print the same code. Give the other device's code to compare: the exit status is 0 when they match.
            """)

    @Argument(help: ArgumentHelp("The code another device of the account printed.", valueName: "code"))
    var code: String?

    @OptionGroup var journal: JournalOptions

    func validate() throws {
        if let code, SafetyCode(code) == nil {
            throw ValidationError("'\(code.prefix(60))' is not a safety code: it looks like 4f2a-9c1b-77e0-1d2c/42/7d3e-0a91")
        }
    }

    func run() throws {
        let store = try journal.open(ifMissing: .refuse)
        guard let mine = try CommandFailure.wrapping({ try SafetyCode.current(in: store) }) else {
            throw CommandFailure(
                "this device has no safety code yet: it needs the account's key and a signed head it checked; "
                    + "log in with the phrase and sync (`moodtui sync --once`) first")
        }
        guard let code, let theirs = SafetyCode(code) else {
            print("This device's safety code; `moodtui key verify CODE` on another device of the account compares it there:")
            print(mine)
            return
        }
        let comparison = mine.compared(with: theirs)
        guard comparison.isSame else { throw CommandFailure("\(comparison)") }
        print(comparison.description.prefix(1).uppercased() + comparison.description.dropFirst() + ".")
    }
}
