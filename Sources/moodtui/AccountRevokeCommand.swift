import ArgumentParser
import MoodServer
import ServerStorage

/// `moodtui account revoke TOKEN-or-NAME`: one device's token, or every token of an account.
struct AccountRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke a device token, or every token of an account.",
        discussion: "Given a token, revokes that token. Given an account name, revokes all of that account's tokens "
            + "(the account and its moods stay; `account add` gives it new tokens). Requests with a revoked token get "
            + "401 at once, also from a running server.")

    @Argument(help: ArgumentHelp("A device token, or an account name.", valueName: "token-or-name"))
    var target: String

    @OptionGroup var data: ServerDataOptions

    func run() async throws {
        let storage = try await data.open()
        do {
            if let account = try await storage.revokeToken(hash: DeviceToken.hash(target)) {
                print("Revoked one device token of account \(account.name)")
            } else if let count = try await storage.revokeAllTokens(ofAccount: target) {
                print("Revoked \(count) device token\(count == 1 ? "" : "s") of account \(target)")
            } else {
                throw CommandFailure("no device token or account matches '\(target)'")
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("cannot revoke: \(error)")
        }
    }
}
