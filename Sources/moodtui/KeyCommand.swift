import ArgumentParser
import Foundation
import Logging
import MoodSealing
import MoodSync
import SyncProtocol

/// `moodtui key`: the account key this journal's moods are sealed with.
struct KeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Show or enter the key this journal's moods are end-to-end encrypted with.",
        discussion: """
            The server keeps the moods sealed and cannot read them. Each device holds the account's key; \
            people carry it between devices as its recovery phrase. If the phrase and every device are \
            lost, the moods cannot be recovered.
            """,
        subcommands: [KeyShowCommand.self, KeyEnterCommand.self])
}

/// `moodtui key show`: the recovery phrase, alone on the last line.
struct KeyShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print the account's recovery phrase (alone on the last line).")

    @OptionGroup var journal: JournalOptions

    func run() throws {
        let store = try journal.open(ifMissing: .refuse)
        guard let key = try CommandFailure.wrapping({ try store.read { try SyncSettings.accountKey(in: $0) } }) else {
            throw CommandFailure("this journal holds no account key: it is not logged in, or its account's moods are not encrypted")
        }
        print("""
            The recovery phrase of this journal's account. With it and a device token anyone can read every \
            mood; keep it where you keep passwords. Another device logs in with it.
            """)
        print(RecoveryPhrase.phrase(for: key))
    }
}

/// `moodtui key enter`: the phrase of a key changed on another device.
struct KeyEnterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enter", abstract: "Give this device the account's recovery phrase (after the key changed elsewhere).",
        discussion: "The phrase is checked with the server before it is stored; a wrong one changes nothing.")

    @OptionGroup var journal: JournalOptions
    @OptionGroup var phrase: RecoveryPhraseInput

    func run() async throws {
        let store = try journal.open(ifMissing: .refuse)
        guard let account = try CommandFailure.wrapping({ try SyncSettings.account(in: store) }) else {
            throw CommandFailure("this journal is not logged in: use `moodtui login URL TOKEN`")
        }
        let remote = HTTPMoodRemote(account: account, deviceID: try store.deviceID(), logger: Logger(label: "moodtui.key"))
        let info: AccountResponse
        do { info = try await remote.accountInfo() } catch { throw CommandFailure("cannot reach \(account.server): \(error)") }
        guard info.keyID != nil else {
            throw CommandFailure("\(info.name)'s moods are not encrypted with a key: there is no phrase to enter")
        }
        let key: AccountKeyLogin.Outcome
        do {
            key = try await AccountKeyLogin.settle(
                info, remote: remote, store: store, given: try phrase.given(), ask: { try RecoveryPhraseInput.ask(account: info.name) })
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure("\(error)")
        }
        if let entered = key.key { try CommandFailure.wrapping { try SyncSettings.storeKey(entered, in: store) } }
        print("This device now seals and opens \(info.name)'s moods with the key. Restart moodtui if it is running.")
    }
}
