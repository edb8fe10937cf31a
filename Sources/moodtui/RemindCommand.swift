import ArgumentParser
import Foundation
import JournalPeek
import Logging
import MoodStore
import MoodSync

/// `moodtui remind`: a desktop notification at a time of day, only on days without a mood.
struct RemindCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "A daily notification when today has no mood yet.",
        discussion: """
            --at 21:00 sets it: a systemd user timer, or a line of your crontab where there is no \
            systemd user manager. At that time it syncs once (when the journal syncs) and, if no \
            device has logged a mood today, shows '\(TodayNudge.text)' through notify-send (nothing \
            when notify-send is not installed). --off removes it; alone, remind says what is set.
            """)

    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp("The time of day, such as 21:00.", valueName: "time"))
    var at: String?

    @Flag(help: "Remove the reminder.")
    var off = false

    @Flag(help: "What the timer runs: sync once, then notify if today has no mood.")
    var run = false

    /// What the command was asked to do.
    private enum Request {
        case show
        case set(ReminderTime)
        case off
        case remindNow
    }

    private func request() throws -> Request {
        let asked = [at != nil, off, run].filter { $0 }.count
        guard asked <= 1 else { throw ValidationError("give one of --at, --off and --run") }
        if let at { return .set(try ReminderTime(parsing: at)) }
        return off ? .off : run ? .remindNow : .show
    }

    func validate() throws { _ = try request() }

    func run() async throws {
        switch try request() {
        case .show: try show()
        case .set(let time): try set(time)
        case .off: try turnOff()
        case .remindNow: try await remindNow()
        }
    }

    private func show() throws(CommandFailure) {
        for scheduler in ReminderSchedulers.all() {
            if let time = try scheduler.installed() {
                return print("A reminder at \(time) every day, from \(scheduler.name).")
            }
        }
        print("No reminder is set; `moodtui remind --at 21:00` sets one.")
    }

    private func set(_ time: ReminderTime) throws(CommandFailure) {
        let scheduler = try ReminderSchedulers.available()
        for other in ReminderSchedulers.all() where type(of: other) != type(of: scheduler) { _ = try other.remove() }
        try scheduler.install(at: time, running: ReminderRun(executable: Environment.executable, journal: journal.path))
        print("A reminder at \(time) every day, from \(scheduler.name), on days no device has logged a mood.")
        if Environment.program(named: "notify-send") == nil {
            print("notify-send is not installed, so it shows nothing until it is (Debian and Ubuntu: libnotify-bin).")
        }
    }

    private func turnOff() throws(CommandFailure) {
        var removed = false
        for scheduler in ReminderSchedulers.all() where try scheduler.remove() { removed = true }
        print(removed ? "The reminder is off." : "No reminder was set.")
    }

    /// What the timer runs. Silent on a day with a mood: the journal syncs first so that a mood
    /// logged on the phone counts. A journal that cannot be opened or synced says so, and what
    /// this device holds decides.
    private func remindNow() async throws {
        if FileManager.default.fileExists(atPath: journal.path) {
            do { try await syncOnce() } catch {
                FileHandle.standardError.write(Data("moodtui: sync failed (\(error)); reminding from this device's moods\n".utf8))
            }
        }
        guard try DailyNudge.today(inJournalAt: journal.path) != .logged,
            let notifySend = Environment.program(named: "notify-send")
        else { return }
        _ = try runProgram(notifySend, ["--app-name=moodtui", "moodtui", TodayNudge.text], failure: "cannot show the notification")
    }

    /// One quiet sync round, when the journal is logged in (warnings only, on standard error).
    private func syncOnce() async throws {
        let store = try journal.open(ifMissing: .refuse)
        guard let account = try SyncAccountResolver.account(for: store) else { return }
        var logger = Logger(label: "moodtui.remind") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning
        let remote = HTTPMoodRemote(account: account, deviceID: try store.deviceID(), logger: logger)
        _ = try await SyncCoordinator(store: store, remote: remote, logger: logger).syncOnce()
    }
}
