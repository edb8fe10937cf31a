import AppTesting
import Foundation
import LocalProcesses
import Testing

/// Two devices of one account, each its own journal in one folder: device A for the command line,
/// device B for the app in tmux.
struct TwoDevices {
    let folder: URL
    var journalA: String { folder.appendingPathComponent("a.sqlite").path }
    var journalB: String { folder.appendingPathComponent("b.sqlite").path }

    init(_ name: String) {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-\(name)-\(UUID().uuidString)")
    }

    /// Runs the command line, which must succeed.
    @discardableResult
    func moodtui(_ arguments: String...) throws -> ProcessResult {
        let result = try ProcessResult.moodtui(arguments)
        try #require(result.status == 0, "moodtui \(arguments.joined(separator: " ")): \(result.standardError)")
        return result
    }

    /// Logs A in, which makes the account's key, and B with the phrase `moodtui key show` prints
    /// on A, as a person carries it over.
    func logInBoth(to server: ServerProcess) throws {
        try moodtui("login", server.url.absoluteString, try server.addDevice("alice"), "--journal", journalA)
        let phrase = try #require(try moodtui("key", "show", "--journal", journalA).standardOutput.split(separator: "\n").last)
        let keyFile = folder.appendingPathComponent("phrase.txt")
        try Data(phrase.utf8).write(to: keyFile)
        try moodtui("login", server.url.absoluteString, try server.addDevice("alice"), "--journal", journalB, "--key-file", keyFile.path)
    }

    /// The app on B's journal in tmux; `thenRun` is a shell command run in the same terminal after
    /// it exits.
    func launchB(columns: Int = 80, rows: Int = 24, thenRun: String? = nil) throws -> TmuxSession {
        let binary = TmuxSession.quote(try BuiltProducts.moodtui.path)
        let log = TmuxSession.quote(folder.appendingPathComponent("b.log").path)
        var command = "\(binary) --journal \(TmuxSession.quote(journalB)) --log-file \(log)"
        if let thenRun { command = "sh -c \(TmuxSession.quote("\(command); status=$?; \(thenRun); exit $status"))" }
        return try TmuxSession(command: command, columns: columns, rows: rows)
    }
}
