import ArgumentParser
import MoodServer

/// `moodtui account add NAME`: a new device token for an account, creating the account if needed.
struct AccountAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Create a device token for an account (creating the account if needed).",
        discussion: "Prints the token alone on the last line. It is shown once: the server keeps only its hash. Run again for each further device.")

    @Argument(help: ArgumentHelp("The account: 1–64 letters, digits, '.', '_', '-' or '@'.", valueName: "name"))
    var name: String

    @OptionGroup var data: ServerDataOptions

    func validate() throws {
        guard Account.isValidName(name) else {
            throw ValidationError("invalid account name '\(name)': use 1–64 letters, digits, '.', '_', '-' or '@'")
        }
    }

    func run() async throws {
        let storage = try data.open()
        let token = DeviceToken.generate()
        do {
            _ = try await storage.addDevice(toAccount: name, tokenHash: DeviceToken.hash(token))
        } catch {
            throw CommandFailure("cannot add a device to \(name): \(error)")
        }
        print("New device token for account \(name) (shown once; send it as 'Authorization: Bearer TOKEN'):")
        print(token)
    }
}
