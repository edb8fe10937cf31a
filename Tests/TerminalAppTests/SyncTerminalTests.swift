import AppTesting
import Foundation
import LocalProcesses
import Testing

/// Two devices of one account, each its own journal, against a real `moodtui serve`: the app
/// runs on device B in tmux, device A is the command line.
@Suite(.serialized, .hangGuard, .ownThread) struct SyncTerminalTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-sync-tmux-\(UUID().uuidString)")
    var journalA: String { folder.appendingPathComponent("a.sqlite").path }
    var journalB: String { folder.appendingPathComponent("b.sqlite").path }

    private func moodtui(_ arguments: String...) throws -> ProcessResult {
        let result = try ProcessResult.moodtui(arguments)
        try #require(result.status == 0, "moodtui \(arguments.joined(separator: " ")): \(result.standardError)")
        return result
    }

    /// Logs A in, which makes the account's key, and B with the phrase `moodtui key show` prints
    /// on A, as a person carries it over.
    private func logInBoth(to server: ServerProcess) throws {
        _ = try moodtui("login", server.url.absoluteString, try server.addDevice("alice"), "--journal", journalA)
        let phrase = try #require(try moodtui("key", "show", "--journal", journalA).standardOutput.split(separator: "\n").last)
        let keyFile = folder.appendingPathComponent("phrase.txt")
        try Data(phrase.utf8).write(to: keyFile)
        _ = try moodtui("login", server.url.absoluteString, try server.addDevice("alice"), "--journal", journalB, "--key-file", keyFile.path)
    }

    @Test func aMoodUploadedOnAAppearsOnBWithoutAKeyADeleteOnBLeavesAAndOfflineWorkUploadsLater() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        try logInBoth(to: server)
        let binary = TmuxSession.quote(try BuiltProducts.moodtui.path)
        let log = TmuxSession.quote(folder.appendingPathComponent("b.log").path)
        let app = try TmuxSession(command: "\(binary) --journal \(TmuxSession.quote(journalB)) --log-file \(log)")
        #expect(try app.waitForScreen(upTo: .seconds(10)) { $0.contains("synced") && $0.contains("No moods yet") }, "\(app.lastScreen)")

        _ = try moodtui("add", "--journal", journalA, "--level", "great", "--note", "written on device A")
        _ = try moodtui("sync", "--once", "--journal", journalA)
        // No key is pressed: the push brings it (how fast is moodtui-bench's remote-latency).
        #expect(try app.waitForScreen(upTo: .seconds(20)) { $0.contains("written on device A") }, "\(app.lastScreen)")
        #expect(app.lastScreen.contains("↓"), "a row from another device is marked: \(app.lastScreen)")

        try app.press("d")
        #expect(try app.waitForScreen { $0.contains("Delete this mood? (y/n)") })
        try app.press("y")
        #expect(try app.waitForScreen { !$0.contains("written on device A") })
        let goneFromA = await waitUntil(upTo: .seconds(30)) {
            _ = try moodtui("sync", "--once", "--journal", journalA)
            return !(try moodtui("list", "--journal", journalA).standardOutput.contains("written on device A"))
        }
        #expect(goneFromA)

        let port = server.port
        #expect(await server.stop() == 0)
        #expect(try app.waitForScreen(upTo: .seconds(10)) { $0.contains("offline") }, "\(app.lastScreen)")
        try app.press("a")
        try app.type("written offline")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("written offline") && $0.contains("offline · retry") && $0.contains("1 waiting") },
                "typing goes on and the header says what waits: \(app.lastScreen)")

        let restarted = try await ServerProcess.start(data: folder.appendingPathComponent("server"), port: port)
        #expect(try app.waitForScreen(upTo: .seconds(70)) { $0.contains("synced") && !$0.contains("waiting") }, "\(app.lastScreen)")
        #expect(await waitUntil {
            _ = try moodtui("sync", "--once", "--journal", journalA)
            return try moodtui("list", "--journal", journalA).standardOutput.contains("written offline")
        })
        await restarted.stop()
        try app.press("q")
        #expect(try app.waitForScreen { _ in (try? app.exitStatus()) == 0 })
    }
}
