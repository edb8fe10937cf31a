import Foundation

/// Where `login` and `key enter` read a secret (a recovery phrase, a device token): a file, or a
/// prompt that does not echo. Never only the command line, which `ps` and shell history keep.
enum SecretInput {
    /// The text of the secret file at `path` (`-` is standard input), with surrounding white
    /// space removed. A file that others may read is used, with a warning on standard error
    /// saying how to fix it: the secret is already exposed, and refusing would not hide it.
    /// - Throws: ``CommandFailure`` for a file that cannot be read or holds no text of at most
    ///   4 KiB.
    static func read(file: String, what: String) throws -> String {
        let path = file == "-" ? "/dev/stdin" : (file as NSString).expandingTildeInPath
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandFailure("cannot read the \(what) file \(path): \(String(cString: strerror(errno)))") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        if file != "-" { warnIfOthersMayRead(descriptor, path: path, holding: "a \(what)") }
        guard let data = try? handle.read(upToCount: 4097), data.count <= 4096, let text = String(data: data, encoding: .utf8),
              !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else { throw CommandFailure("\(path) does not hold a \(what)") }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Says on standard error that the open file `descriptor` (at `path`, holding `what`) may be
    /// read by other users, and the `chmod` that fixes it; says nothing for a private file.
    static func warnIfOthersMayRead(_ descriptor: Int32, path: String, holding what: String) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & 0o077 != 0 else { return }
        FileHandle.standardError.write(Data("""
            moodtui: warning: \(path) holds \(what) and other users may read it (mode \(String(status.st_mode & 0o777, radix: 8))); \
            make it private with `chmod 600 \(path)`

            """.utf8))
    }

    /// Asks for a secret on the terminal without echoing it; `nil` when standard input is not a
    /// terminal. Ctrl-C at the prompt turns echo back on before the process ends.
    /// - Throws: ``CommandFailure`` when the input ends before a line.
    static func ask(_ prompt: String, what: String) throws -> String? {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &echoing) == 0 else { return nil }
        print("\(prompt) (it is not shown as you type): ", terminator: "")
        fflush(nil)
        var quiet = echoing
        quiet.c_lflag &= ~tcflag_t(ECHO)
        signal(SIGINT) { _ in
            tcsetattr(STDIN_FILENO, TCSANOW, &SecretInput.echoing)
            _ = write(STDOUT_FILENO, "\n", 1)
            _exit(130)
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &echoing)
            signal(SIGINT, SIG_DFL)
            print("")
        }
        guard let line = readLine() else { throw CommandFailure("no \(what) given: nothing changed") }
        return line
    }

    /// The terminal's modes before the prompt hid the typing.
    private nonisolated(unsafe) static var echoing = termios()
}
