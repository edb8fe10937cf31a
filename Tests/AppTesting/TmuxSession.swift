import Foundation
import LocalProcesses

/// A real terminal for end-to-end tests: a private tmux server running one command in a window
/// of a fixed size, driven with `send-keys` and read with `capture-pane`.
public final class TmuxSession {
    private let socket = "moodtui-test-\(UUID().uuidString.prefix(8))"
    private let tmux: URL
    private let configuration: URL

    /// Starts `command` (already quoted for the shell) at `columns`×`rows`, with `LANG=C.UTF-8`
    /// and `TERM=xterm-256color` plus `environment`.
    /// - Throws: ``SetupError`` when tmux is missing: the test fails rather than skips.
    public init(command: String, columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws {
        guard let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first(where: FileManager.default.isExecutableFile)
        else { throw SetupError("tmux is not installed (.ci/run installs it; locally: apt-get install tmux)") }
        self.tmux = URL(fileURLWithPath: tmux)
        configuration = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).conf")
        try "set -g status off\n"
            .write(to: configuration, atomically: true, encoding: .utf8)
        let variables = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color"].merging(environment) { $1 }
        let exports = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        // A shell runs the command, prints its exit status on the screen and stays, so that the
        // screen stays readable: tmux's own `pane_dead_status` needs the tmux server to reap the
        // command, which it does not always do when started from the test runner, and a dead pane
        // may be cleared. (`trap : INT` keeps the shell alive through a Ctrl-C meant for the
        // command, which starts with the default action again.)
        let wrapped = "trap : INT; env \(exports) \(command); echo \"\(Self.exitMarker)$?]\"; exec sleep 86400"
        try run(capturingOutput: false, ["-f", configuration.path, "new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)",
                 "sh -c \(Self.quote(wrapped))"])
    }

    deinit {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: configuration)
    }

    /// The screen last read by ``screen()``, for failure messages.
    public private(set) var lastScreen = ""

    /// The screen as text, one line per row.
    public func screen() throws -> String {
        lastScreen = try run(["capture-pane", "-p", "-t", "main"])
        return lastScreen
    }

    /// The screen with its colours and attributes as escape sequences.
    public func screenWithEscapes() throws -> String {
        try run(["capture-pane", "-p", "-e", "-t", "main"])
    }

    /// Presses keys by tmux name ("Enter", "Escape", "Up", "C-c", "q").
    public func press(_ keys: String...) throws {
        try run(["send-keys", "-t", "main"] + keys)
    }

    /// Types text literally, wide characters and emoji included.
    public func type(_ text: String) throws {
        try run(["send-keys", "-t", "main", "-l", text])
    }

    /// Pastes `text` as a terminal does: wrapped in bracketed-paste marks when the app asked for
    /// them, its line breaks sent as carriage returns.
    public func paste(_ text: String) throws {
        try run(["set-buffer", "-b", "test-paste", "--", text])
        try run(["paste-buffer", "-p", "-d", "-b", "test-paste", "-t", "main"])
    }

    /// Pastes `text` as a terminal that does not mark pastes does (GNU screen, the Linux
    /// console): its characters as if typed, its line breaks as Enter (carriage returns).
    public func pasteUnmarked(_ text: String) throws {
        try run(["set-buffer", "-b", "test-paste", "--", text])
        try run(["paste-buffer", "-d", "-b", "test-paste", "-t", "main"])
    }

    /// Clicks the left button on a cell (row and column from 0) as xterm reports it to an app that
    /// asked for the mouse (SGR mode, 1006); `times: 2` is a double click.
    public func click(row: Int, column: Int, times: Int = 1) throws {
        let cell = "\(column + 1);\(row + 1)"
        try sendBytes(String(repeating: "\u{1B}[<0;\(cell)M\u{1B}[<0;\(cell)m", count: times))
    }

    /// Turns the wheel a notch over a cell: `up` away from the person, which scrolls up.
    public func wheel(up: Bool, row: Int, column: Int) throws {
        try sendBytes("\u{1B}[<\(up ? 64 : 65);\(column + 1);\(row + 1)M")
    }

    /// A tmux format expanded for the pane, such as `#{mouse_sgr_flag}`: what the app asked the
    /// terminal for.
    public func paneFormat(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "main", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes `text`'s bytes to the app as the terminal would, escape sequences included.
    private func sendBytes(_ text: String) throws {
        try run(["send-keys", "-t", "main", "-H"] + text.utf8.map { String($0, radix: 16) })
    }

    /// Resizes the window, as a person dragging the terminal's corner would.
    public func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The exit status once the command has ended, else `nil`.
    public func exitStatus() throws -> Int32? {
        guard let marker = try screen().range(of: Self.exitMarker) else { return nil }
        return Int32(lastScreen[marker.upperBound...].prefix { $0.isNumber })
    }

    /// What the wrapping shell prints, then the status and "]", when the command has ended.
    private static let exitMarker = "[moodtui-test: exited with status "

    /// Waits until the screen satisfies `condition`; on time-out returns false (the caller's
    /// expectation then fails and shows the screen).
    public func waitForScreen(upTo timeout: Duration = .seconds(5), _ condition: (String) -> Bool) throws -> Bool {
        try Deadline.wait(upTo: timeout) { condition(try screen()) }
    }

    @discardableResult
    private func run(capturingOutput: Bool = true, _ arguments: [String]) throws -> String {
        let result = try ProcessResult.run(tmux, ["-L", socket] + arguments, capturingOutput: capturingOutput)
        guard result.status == 0 else {
            throw SetupError("tmux \(arguments.first ?? "") failed: \(result.standardError)")
        }
        return result.standardOutput
    }

    /// Single-quotes `text` for the shell.
    public static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
