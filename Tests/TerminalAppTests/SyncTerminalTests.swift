import AppTesting
import Foundation
import LocalProcesses
import Testing

/// Two devices of one account, each its own journal, against a real `moodtui serve`: the app
/// runs on device B in tmux, device A is the command line.
@Suite(.serialized, .hangGuard, .ownThread) struct SyncTerminalTests {
    let devices = TwoDevices("sync-tmux")
    var folder: URL { devices.folder }
    var journalA: String { devices.journalA }
    var journalB: String { devices.journalB }

    @Test func aMoodUploadedOnAAppearsOnBWithoutAKeyADeleteOnBLeavesAAndOfflineWorkUploadsLater() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        try devices.logInBoth(to: server)
        let app = try devices.launchB()
        #expect(try app.waitForScreen(upTo: .seconds(10)) { $0.contains("synced") && $0.contains("No moods yet") }, "\(app.lastScreen)")

        _ = try devices.moodtui("add", "--journal", journalA, "--level", "great", "--note", "written on device A")
        _ = try devices.moodtui("sync", "--once", "--journal", journalA)
        // No key is pressed: the push brings it (how fast is moodtui-bench's remote-latency).
        #expect(try app.waitForScreen(upTo: .seconds(20)) { $0.contains("written on device A") }, "\(app.lastScreen)")
        #expect(app.lastScreen.contains("↓"), "a row from another device is marked: \(app.lastScreen)")

        try app.press("d")
        #expect(try app.waitForScreen { $0.contains("Delete this mood? (y/n)") })
        try app.press("y")
        #expect(try app.waitForScreen { !$0.contains("written on device A") })
        let goneFromA = await waitUntil(upTo: .seconds(30)) {
            _ = try devices.moodtui("sync", "--once", "--journal", journalA)
            return !(try devices.moodtui("list", "--journal", journalA).standardOutput.contains("written on device A"))
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
            _ = try devices.moodtui("sync", "--once", "--journal", journalA)
            return try devices.moodtui("list", "--journal", journalA).standardOutput.contains("written offline")
        })
        await restarted.stop()
        try app.press("q")
        #expect(try app.waitForScreen { _ in (try? app.exitStatus()) == 0 })
    }
}
