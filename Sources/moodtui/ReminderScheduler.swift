import Foundation
import LocalProcesses

/// Where the daily reminder is kept: a systemd user timer, or a crontab line where there is no
/// systemd user manager. Either runs `moodtui remind --run` at the time set.
protocol ReminderScheduler {
    /// What keeps the reminder, in words: "a systemd user timer (~/.config/…)".
    var name: String { get }

    /// The time the reminder comes at, if this scheduler holds one.
    func installed() throws(CommandFailure) -> ReminderTime?

    /// Sets the reminder to `time`, in place of any this scheduler held.
    func install(at time: ReminderTime, running command: ReminderRun) throws(CommandFailure)

    /// Removes the reminder this scheduler holds.
    /// - Returns: whether it held one.
    func remove() throws(CommandFailure) -> Bool
}

/// The command a reminder runs: this moodtui's `remind --run` on the journal it was set for.
/// Paths are written absolute: the timer runs without the shell's working folder or variables.
struct ReminderRun {
    let executable: URL
    let journal: String

    /// `journal` made absolute against the folder the person is in now.
    init(executable: URL, journal: String) {
        self.executable = executable
        self.journal = journal.hasPrefix("/") ? journal : FileManager.default.currentDirectoryPath + "/" + journal
    }

    var arguments: [String] { [executable.path, "remind", "--run", "--journal", journal] }

    /// A path with a line break cannot be written on one line of a unit file or a crontab.
    func validate() throws(CommandFailure) {
        for argument in arguments where argument.contains(where: \.isNewline) {
            throw CommandFailure("a reminder cannot run a path with a line break in it: \(argument.debugDescription)")
        }
    }
}

/// The scheduler this machine offers.
enum ReminderSchedulers {
    /// systemd's user manager when it answers, else cron when `crontab` is installed.
    static func available() throws(CommandFailure) -> any ReminderScheduler {
        if let systemd = SystemdReminder.available() { return systemd }
        if let cron = CrontabReminder.available() { return cron }
        throw CommandFailure("this machine has neither a systemd user manager nor crontab: run `moodtui remind --run` from your own scheduler")
    }

    /// Every scheduler that may hold a reminder set before, for `remind` alone and `--off`.
    static func all() -> [any ReminderScheduler] {
        [SystemdReminder()] + (CrontabReminder.available().map { [$0] } ?? [])
    }
}

/// Runs `program` with `arguments` and returns its output, or fails in words naming the command.
func runProgram(_ program: URL, _ arguments: [String], failure: String) throws(CommandFailure) -> String {
    let result: ProcessResult
    do { result = try ProcessResult.run(program, arguments) } catch { throw CommandFailure("\(failure): \(error)") }
    guard result.status == 0 else {
        let reason = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        throw CommandFailure("\(failure): \(program.lastPathComponent) \(arguments.joined(separator: " ")) said \(reason.isEmpty ? "nothing, and failed" : reason)")
    }
    return result.standardOutput
}
