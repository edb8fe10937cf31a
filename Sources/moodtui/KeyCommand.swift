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
        subcommands: [KeyShowCommand.self, KeyEnterCommand.self, KeyEnableCommand.self, KeyRotateCommand.self, KeyVerifyCommand.self])
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
        let (store, remote) = try KeyChangeReport.open(journal, logger: Logger(label: "moodtui.key"))
        let info: AccountResponse
        do { info = try await remote.accountInfo() } catch { throw CommandFailure("cannot reach \(remote.account.server): \(error)") }
        guard info.keyID != nil else {
            throw CommandFailure("\(info.name)'s moods are not encrypted with a key: there is no phrase to enter")
        }
        let key = try await phrase.settle(info, remote: remote, store: store, refusal: "nothing changed")
        switch key {
        case .made(let made):
            // This journal made the key and the server took it, but a login, `key enable` or `key
            // rotate` was cut off before the phrase was shown: its moods still go up sealed anew.
            try CommandFailure.wrapping { try AccountKeyChange.adopt(made, in: store) }
        case .known(let known):
            try CommandFailure.wrapping { try SyncSettings.storeKey(known, in: store) }
        case .plainAccount:
            break
        }
        print("This device now seals and opens \(info.name)'s moods with the key. Restart moodtui if it is running.")
        if case .made(let made) = key {
            print("This journal made the account's key; its moods go up again sealed with it at the next sync. "
                + "Write its recovery phrase down:\n\(RecoveryPhrase.phrase(for: made))")
        }
    }
}

/// `moodtui key enable`: an account made before moodtui sealed moods gets a key.
struct KeyEnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable", abstract: "End-to-end encrypt an account made before moodtui sealed moods.",
        discussion: """
            Run it on one device: it syncs, gives the account a new key, and uploads every mood again \
            sealed, so that the server no longer holds any of them readable. It prints the key's \
            recovery phrase (alone on the last line); the account's other devices stop syncing until \
            they are given it with `moodtui key enter`. Cut off, it can be run again.
            """)

    @OptionGroup var journal: JournalOptions

    func run() async throws {
        let logger = Logger(label: "moodtui.key") { StreamLogHandler.standardError(label: $0) }
        let (store, remote) = try KeyChangeReport.open(journal, logger: logger)
        let (key, report): (AccountKey, SyncReport)
        do { (key, report) = try await AccountKeyChange.enable(store: store, remote: remote, logger: logger) } catch {
            if let refusal = error as? AccountKeyChangeError, refusal == .alreadyEncrypted { throw CommandFailure("nothing changed: \(refusal)") }
            throw KeyChangeReport.unfinished(error, keyBefore: nil, store: store)
        }
        print("""
            Sealed and uploaded \(report.uploaded) mood\(report.uploaded == 1 ? "" : "s") again: the server keeps them but can no \
            longer read them.\(KeyChangeReport.leftBehind(report, asBefore: "readable to the server")) Below is the account's recovery phrase. Write it down and keep it safe: the \
            other devices need it (`moodtui key enter`), and if the phrase and every device are lost, the \
            moods cannot be recovered. `moodtui key show` prints it again. Restart moodtui if it is running here.

            \(RecoveryPhrase.phrase(for: key))
            """)
    }
}
