import Glibc
import JournalPeek
import MoodConfig

// `moodtui`: answers `moodtui prompt` itself and hands every other command to `moodtui-core`
// beside it (the same arguments, the same process: exec). A shell runs `moodtui prompt` before
// every prompt, and the whole app — 200 MB of sync server, terminal UI and Foundation — takes
// longer to load than a prompt may take; this small program does not.

/// The journal `moodtui prompt` names, when the arguments are exactly a prompt's (else `nil`:
/// help, a mistake or `~` to expand are the whole program's to answer).
func promptJournal(_ arguments: ArraySlice<String>) -> String?? {
    guard arguments.first == "prompt" else { return nil }
    let options = Array(arguments.dropFirst())
    let given: String?
    switch options.count {
    case 0: given = nil
    case 1 where options[0].hasPrefix("--journal="): given = String(options[0].dropFirst("--journal=".count))
    case 2 where options[0] == "--journal": given = options[1]
    default: return nil
    }
    if let given, given.isEmpty || given.hasPrefix("~") || given.hasPrefix("-") { return nil }
    return .some(given)
}

func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

func say(_ message: String) {
    let line = Array("moodtui: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ message: String, status: Int32) -> Never {
    say(message)
    exit(status)
}

/// `moodtui-core` in this program's own folder.
func corePath() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { fail("cannot find its own file (/proc/self/exe)", status: 127) }
    let own = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return own[..<(own.lastIndex(of: "/") ?? own.startIndex)] + "/moodtui-core"
}

/// Runs `moodtui-core` in this process, with the same arguments.
func runCore() -> Never {
    let core = corePath()
    execv(core, CommandLine.unsafeArgv)
    fail("cannot run \(core): \(String(cString: strerror(errno))) (moodtui and moodtui-core belong in one folder)", status: 127)
}

/// `$HOME`; without it the whole program knows where the account's home is.
func home() -> String {
    if let home = environmentVariable("HOME"), home.hasPrefix("/") { return home }
    runCore()
}

/// The journal config.toml names, else moodtui's own; what is wrong in the file is said.
func configuredJournal() -> String {
    let config = ConfigFile.load(variable: environmentVariable, home: home)
    config.problemLines.forEach(say)
    return config.journal(home: home) ?? Locations.defaultJournal(variable: environmentVariable, home: home)
}

if let journal = promptJournal(CommandLine.arguments.dropFirst()) {
    do throws(JournalPeek.Failure) {
        // A journal not made yet belongs to someone who has not started: no nudge every prompt.
        if try JournalPeek.day(.today, inJournalAt: journal ?? configuredJournal()) == .empty { print(TodayNudge.text) }
        exit(0)
    } catch {
        fail(error.description, status: 1)
    }
}
runCore()
