import ArgumentParser
import Foundation
import MoodKit

/// `moodtui delete ID`: deletes one mood.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a mood.",
        discussion: MoodIDArgument.discussion)

    @OptionGroup var journal: JournalOptions

    @OptionGroup var mood: MoodIDArgument

    func run() throws {
        let store = try journal.open(ifMissing: .refuse)
        let uuid = try mood.resolve(in: store)
        do {
            // Marked first, as the app does, but with no undo: it is due for the server at once.
            // One the server never saw has nobody to tell, so it goes now.
            try store.write(origin: .commandLine) { writer in
                try writer.markForDeletion(uuid, undo: .notOffered)
                try writer.purgeIfNeverUploaded(uuid)
            }
        } catch {
            throw CommandFailure("\(error)")
        }
        print("Deleted \(uuid.uuidString)")
    }
}
