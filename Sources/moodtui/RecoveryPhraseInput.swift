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
        guard let keyFile else { return nil }
        let path = (keyFile as NSString).expandingTildeInPath
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure("cannot read the key file \(path)") }
        guard data.count <= 4096, let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("\(path) does not hold a recovery phrase")
        }
        return text
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
    /// mood); `nil` when standard input is not a terminal. Ctrl-C at the prompt turns echo back
    /// on before the process ends.
    static func ask(account: String) throws -> String? {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &echoing) == 0 else { return nil }
        print("Recovery phrase of \(account) (it is not shown as you type): ", terminator: "")
        fflush(nil)
        var quiet = echoing
        quiet.c_lflag &= ~tcflag_t(ECHO)
        signal(SIGINT) { _ in
            tcsetattr(STDIN_FILENO, TCSANOW, &RecoveryPhraseInput.echoing)
            _ = write(STDOUT_FILENO, "\n", 1)
            _exit(130)
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &echoing)
            signal(SIGINT, SIG_DFL)
            print("")
        }
        guard let line = readLine() else { throw CommandFailure("no recovery phrase given: nothing changed") }
        return line
    }

    /// The terminal's modes before the prompt hid the typing.
    private nonisolated(unsafe) static var echoing = termios()
}
