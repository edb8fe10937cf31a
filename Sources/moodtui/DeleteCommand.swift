import ArgumentParser
import Foundation
import MoodKit

/// `moodtui delete ID`: deletes one mood.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a mood by its id (see `moodtui list`).")

    @OptionGroup var journal: JournalOptions

    @Argument(help: ArgumentHelp("The mood's id.", valueName: "id"))
    var id: String

    func run() throws {
        guard let uuid = UUID(uuidString: id) else { throw CommandFailure(MoodValidationError.invalidID(id).description) }
        let store = try journal.open()
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
