import Foundation
import LocalProcesses
import PrivateFiles

/// The reminder as a systemd user timer: `moodtui-remind.timer` starts `moodtui-remind.service`
/// every day at the time set, both in `$XDG_CONFIG_HOME/systemd/user`.
struct SystemdReminder: ReminderScheduler {
    var folder = Environment.configHome.appendingPathComponent("systemd/user")
    var timer: URL { folder.appendingPathComponent("moodtui-remind.timer") }
    var service: URL { folder.appendingPathComponent("moodtui-remind.service") }

    var name: String { "a systemd user timer (\(timer.path))" }

    /// systemd's user manager, when `systemctl --user` reaches one.
    static func available() -> SystemdReminder? {
        guard let systemctl = Environment.program(named: "systemctl"),
            let result = try? ProcessResult.run(systemctl, ["--user", "show-environment"]), result.status == 0
        else { return nil }
        return SystemdReminder()
    }

    func installed() throws(CommandFailure) -> ReminderTime? {
        guard let text = try? String(contentsOf: timer, encoding: .utf8) else { return nil }
        // OnCalendar=*-*-* 21:00:00
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("OnCalendar=*-*-* ") }),
            let time = try? ReminderTime(parsing: String(line.dropFirst("OnCalendar=*-*-* ".count).dropLast(3)))
        else { throw CommandFailure("\(timer.path) was changed by hand: `moodtui remind --off` removes it") }
        return time
    }

    func install(at time: ReminderTime, running command: ReminderRun) throws(CommandFailure) {
        try command.validate()
        let header = "# Written by `moodtui remind --at \(time)`; `moodtui remind --off` removes it.\n"
        try write(service, header + """
            [Unit]
            Description=moodtui: a nudge when today has no mood

            [Service]
            Type=oneshot
            ExecStart=\(command.arguments.map(Self.quoted).joined(separator: " "))

            """)
        try write(timer, header + """
            [Unit]
            Description=moodtui: the daily reminder at \(time)

            [Timer]
            OnCalendar=*-*-* \(time):00

            [Install]
            WantedBy=timers.target

            """)
        try systemctl(["daemon-reload"])
        try systemctl(["enable", "--now", timer.lastPathComponent])
        // A timer already running keeps its old time until it is started again.
        try systemctl(["restart", timer.lastPathComponent])
    }

    func remove() throws(CommandFailure) -> Bool {
        let present = [timer, service].filter { FileManager.default.fileExists(atPath: $0.path) }
        guard !present.isEmpty else { return false }
        let manager = Self.available() != nil
        if manager && present.contains(timer) { try systemctl(["disable", "--now", timer.lastPathComponent]) }
        for file in present {
            do { try FileManager.default.removeItem(at: file) } catch { throw CommandFailure("cannot remove \(file.path): \(error)") }
        }
        if manager { try systemctl(["daemon-reload"]) }
        return true
    }

    private func write(_ file: URL, _ text: String) throws(CommandFailure) {
        do {
            try PrivateFiles.createMissingFolders(folder.path)
            try PrivateFiles.replaceFile(at: file.path) { try $0.write(contentsOf: Data(text.utf8)) }
        } catch {
            throw CommandFailure("cannot write \(file.path): \(error)")
        }
    }

    private func systemctl(_ arguments: [String]) throws(CommandFailure) {
        guard let program = Environment.program(named: "systemctl") else { throw CommandFailure("systemctl is not on PATH") }
        _ = try runProgram(program, ["--user"] + arguments, failure: "cannot set the timer")
    }

    /// `argument` as one word of a unit file's command line: quoted, with systemd's own
    /// specifiers (`%`) and variables (`$`) doubled so that they are taken as they are.
    static func quoted(_ argument: String) -> String {
        var text = "\""
        for character in argument {
            switch character {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "%": text += "%%"
            case "$": text += "$$"
            default: text.append(character)
            }
        }
        return text + "\""
    }
}
