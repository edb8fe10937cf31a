import ArgumentParser
import Foundation
import MoodStore
import MoodSync
import SyncProtocol

/// `--key-file FILE` and the prompt: where `login` and `key enter` get a recovery phrase.
struct RecoveryPhraseInput: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A file holding the account's recovery phrase, for scripts; on a terminal you are asked instead.", valueName: "file"))
    var keyFile: String?

    /// The phrase in `--key-file`, if given.
    func given() throws -> String? {
        try keyFile.map { try SecretInput.read(file: $0, what: "recovery phrase") }
    }

    /// Settles the account's key for `login` and `key enter` (``AccountKeyLogin``), with the
    /// phrase from `--key-file` or asked on the terminal; a refusal reads "`refusal`: why".
    func settle(_ info: AccountResponse, remote: any MoodRemote, store: JournalStore, refusal: String) async throws -> AccountKeyLogin.Outcome {
        let given = try given()
        do {
            return try await AccountKeyLogin.settle(info, remote: remote, store: store, given: given) { try Self.ask(account: info.name) }
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure("\(refusal): \(error)")
        }
    }

    /// Asks for the phrase of `account` on the terminal, without echoing it (it opens every
    /// mood); `nil` when standard input is not a terminal.
    static func ask(account: String) throws -> String? {
        try SecretInput.ask("Recovery phrase of \(account)", what: "recovery phrase")
    }
}
