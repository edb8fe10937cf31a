import ArgumentParser
import MoodServer
import ServerStorage
import SyncProtocol

/// `moodtui account add NAME`: a new device token for an account, creating the account if needed.
struct AccountAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Create a device token for an account (creating the account if needed).",
        discussion: "Prints the token alone on the last line. It is shown once: the server keeps only its hash. Run again for each further device.")

    @Argument(help: ArgumentHelp("The account: 1–64 letters, digits, '.', '_', '-' or '@'.", valueName: "name"))
    var name: String

    @Option(
        name: .customLong("device"),
        help: ArgumentHelp("What the device is called (laptop, phone): how `moodtui key rotate` shows it.", valueName: "label"))
    var deviceLabel: String?

    @OptionGroup var data: ServerDataOptions

    func validate() throws {
        guard Account.isValidName(name) else {
            throw ValidationError("invalid account name '\(name)': use 1–64 letters, digits, '.', '_', '-' or '@'")
        }
        _ = try deviceName()
    }

    private func deviceName() throws -> DeviceName? {
        do { return try deviceLabel.map { try DeviceName($0) } } catch { throw ValidationError("invalid --device: \(error)") }
    }

    func run() async throws {
        let device = try deviceName()
        let storage = try await data.open()
        let token = DeviceToken.generate()
        do {
            _ = try await storage.addDevice(toAccount: name, tokenHash: DeviceToken.hash(token), device: device)
        } catch {
            throw CommandFailure("cannot add a device to \(name): \(error)")
        }
        let called = device.map { " (\($0))" } ?? ""
        print("New device token for account \(name)\(called) (shown once; send it as 'Authorization: Bearer TOKEN'):")
        print(token)
    }
}
