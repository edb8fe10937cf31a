import Foundation
import LocalProcesses
import PrivateFiles

/// The reminder as a line of the person's crontab, for machines without a systemd user manager.
/// The line ends with a mark so that it can be found again among the person's own lines.
struct CrontabReminder: ReminderScheduler {
    let crontab: URL

    static let mark = "# moodtui remind"

    var name: String { "a line of your crontab (crontab -l)" }

    static func available() -> CrontabReminder? {
        Environment.program(named: "crontab").map(CrontabReminder.init)
    }

    func installed() throws(CommandFailure) -> ReminderTime? {
        guard let line = try lines().first(where: { $0.hasSuffix(Self.mark) }) else { return nil }
        let fields = line.split(separator: " ")
        guard fields.count > 2, let time = try? ReminderTime(parsing: "\(fields[1]):\(fields[0])") else {
            throw CommandFailure("the crontab's moodtui line was changed by hand: `moodtui remind --off` removes it")
        }
        return time
    }

    func install(at time: ReminderTime, running command: ReminderRun) throws(CommandFailure) {
        try command.validate()
        // cron starts the command without the desktop's session bus, which notify-send needs;
        // where the machine has one at the usual place, the line names it.
        let bus = "/run/user/\(Environment.userID)/bus"
        let busVariable = FileManager.default.fileExists(atPath: bus) ? "DBUS_SESSION_BUS_ADDRESS=unix:path=\(bus) " : ""
        let line = "\(time.minute) \(time.hour) * * * \(busVariable)\(command.arguments.map(Self.quoted).joined(separator: " ")) \(Self.mark)"
        try save(try lines().filter { !$0.hasSuffix(Self.mark) } + [line])
    }

    func remove() throws(CommandFailure) -> Bool {
        let current = try lines()
        let kept = current.filter { !$0.hasSuffix(Self.mark) }
        guard kept.count != current.count else { return false }
        try save(kept)
        return true
    }

    /// The crontab's lines; none when the person has no crontab yet.
    private func lines() throws(CommandFailure) -> [String] {
        let result: ProcessResult
        do { result = try ProcessResult.run(crontab, ["-l"]) } catch { throw CommandFailure("cannot read the crontab: \(error)") }
        if result.status != 0, result.standardError.contains("no crontab") { return [] }
        guard result.status == 0 else { throw CommandFailure("cannot read the crontab: \(result.standardError)") }
        var lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }  // the newline that ends the last line
        return lines
    }

    private func save(_ lines: [String]) throws(CommandFailure) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-crontab-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try PrivateFiles.replaceFile(at: file.path) { try $0.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8)) }
        } catch { throw CommandFailure("cannot write the new crontab: \(error)") }
        _ = try runProgram(crontab, [file.path], failure: "cannot install the crontab")
    }

    /// `argument` as one shell word; cron itself turns a bare `%` into a line break.
    static func quoted(_ argument: String) -> String {
        "'" + argument.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "%", with: "\\%") + "'"
    }
}
