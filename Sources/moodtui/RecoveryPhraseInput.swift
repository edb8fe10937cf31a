import ArgumentParser
import Foundation
import MoodSync

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

    /// Asks for the phrase of `account` on the terminal, without echoing it (it opens every
    /// mood); `nil` when standard input is not a terminal.
    static func ask(account: String) throws -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        print("Recovery phrase of \(account) (it is not shown as you type): ", terminator: "")
        fflush(nil)
        var saved = termios()
        let hidden = tcgetattr(STDIN_FILENO, &saved) == 0
        if hidden {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer {
            if hidden { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            print("")
        }
        guard let line = readLine() else { throw CommandFailure("no recovery phrase given: nothing changed") }
        return line
    }
}
