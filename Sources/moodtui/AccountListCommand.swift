import ArgumentParser
import MoodServer
import ServerStorage

/// `moodtui account list`: every account with its device and mood counts.
struct AccountListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the accounts, with how many devices and moods each has.")

    @OptionGroup var data: ServerDataOptions

    func run() async throws {
        let storage = try await data.open()
        let accounts: [AccountSummary]
        do { accounts = try await storage.accounts() } catch { throw CommandFailure("cannot list accounts: \(error)") }
        for account in accounts {
            print("\(account.name)\tdevices: \(account.devices)\tmoods: \(account.moods)")
        }
    }
}
