import ArgumentParser
import Foundation
import MoodKit
import MoodStore

/// A mood named on the command line (`edit`, `delete`) by its id or, as git names commits, by
/// the start of it.
struct MoodIDArgument: ParsableArguments {
    /// The fewest hexadecimal digits a prefix must have.
    static let shortestPrefix = 4
    /// For the commands' help.
    static let discussion = "The id may be shortened to its first digits (at least \(shortestPrefix)) while only one mood starts with them."

    @Argument(help: ArgumentHelp("The mood's id (see `moodtui list`), or its first digits.", valueName: "id"))
    var id: String

    /// The mood the argument names in `store`: a whole id as it is, else the one live mood whose
    /// id starts with it.
    /// - Throws: ``CommandFailure`` in words when nothing or more than one mood matches.
    func resolve(in store: JournalStore) throws -> Mood.ID {
        let text = id
        if let id = UUID(uuidString: text) { return id }
        let digits = text.filter { $0 != "-" }
        guard digits.count >= Self.shortestPrefix, digits.count <= 32, digits.allSatisfy(\.isHexDigit) else {
            throw CommandFailure(MoodValidationError.invalidID(text).description + ", or at least \(Self.shortestPrefix) of its first digits")
        }
        let matches = try store.read { try $0.liveMoodIDs(startingWith: digits, limit: 3) }
        switch matches.count {
        case 0: throw CommandFailure("no mood with an id starting \(text)")
        case 1: return matches[0]
        default:
            let shown = matches.prefix(2).map(\.uuidString).joined(separator: ", ")
            throw CommandFailure("the id \(text) could be \(shown)\(matches.count > 2 ? " and more" : ""); give more of it")
        }
    }
}
