import AppTesting
import Foundation
import LocalProcesses
import Testing

/// A share on screen, against a real `moodtui serve`: the recipient's app shows the owner's moods
/// as the owner's devices write them, says whose share it is, refuses to change it in words, and
/// `J` switches between the recipient's own journal and the share; the owner's app marks what a
/// share shows.
@Suite(.serialized, .hangGuard, .ownThread) struct ShareTerminalTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-share-tmux-\(UUID().uuidString)")
    var laptop: String { folder.appendingPathComponent("laptop.sqlite").path }
    var phone: String { folder.appendingPathComponent("phone.sqlite").path }
    /// The recipient's data folder: their own journal and the shares folder beside it.
    var recipientData: URL { folder.appendingPathComponent("recipient") }
    var shared: String { recipientData.appendingPathComponent("moodtui/shares/alice.sqlite").path }

    @discardableResult
    private func moodtui(_ arguments: String..., environment: [String: String]? = nil) throws -> ProcessResult {
        let result = try ProcessResult.moodtui(arguments, environment: environment)
        try #require(result.status == 0, "moodtui \(arguments.prefix(3).joined(separator: " ")): \(result.standardError)")
        return result
    }

    private func secretFile(_ text: some StringProtocol) throws -> String {
        let file = folder.appendingPathComponent("secret-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        return file.path
    }

    /// Alice's laptop and phone, and a share of her moods accepted into the recipient's shares folder.
    private func aliceSharesWithTheRecipient(_ server: ServerProcess) throws {
        try moodtui("login", server.url.absoluteString, try server.addDevice("alice"), "--journal", laptop)
        let phrase = try #require(try moodtui("key", "show", "--journal", laptop).standardOutput.split(separator: "\n").last)
        try moodtui("login", server.url.absoluteString, try server.addDevice("alice"), "--journal", phone, "--key-file", try secretFile(phrase))
        try moodtui("add", "--journal", laptop, "--level", "good", "--note", "before the share")
        try moodtui("sync", "--once", "--journal", laptop)
        let made = try moodtui("share", "add", "partner", "--journal", laptop)
        let invitation = try #require(made.standardOutput.split(separator: "\n").last)
        try moodtui(
            "share", "accept", "--invitation-file", try secretFile(invitation),
            environment: ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": recipientData.path]) { $1 })
    }

    @Test func theRecipientsScreenFollowsTheOwnersDevicesAndRefusesToChangeAnything() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        try aliceSharesWithTheRecipient(server)
        let binary = TmuxSession.quote(try BuiltProducts.moodtui.path)
        let log = TmuxSession.quote(folder.appendingPathComponent("recipient.log").path)
        let app = try TmuxSession(
            command: "\(binary) --log-file \(log)", environment: ["XDG_DATA_HOME": recipientData.path])
        #expect(try app.waitForScreen(upTo: .seconds(10)) { $0.contains("No moods yet") && $0.contains(" moodtui ") }, "\(app.lastScreen)")
        try app.press("J")
        #expect(try app.waitForScreen(upTo: .seconds(10)) {
            $0.contains("shared by alice · read-only") && $0.contains("before the share") && $0.contains("synced")
        }, "\(app.lastScreen)")

        // Alice's phone writes; no key is pressed here: the push brings it.
        try moodtui("sync", "--once", "--journal", phone)
        try moodtui("add", "--journal", phone, "--level", "great", "--note", "written on the phone")
        try moodtui("sync", "--once", "--journal", phone)
        #expect(try app.waitForScreen(upTo: .seconds(20)) { $0.contains("written on the phone") }, "\(app.lastScreen)")
        // The laptop writes too, and the phone's edit follows.
        try moodtui("sync", "--once", "--journal", laptop)
        try moodtui("add", "--journal", laptop, "--level", "meh", "--note", "written on the laptop")
        try moodtui("sync", "--once", "--journal", laptop)
        #expect(try app.waitForScreen(upTo: .seconds(20)) { $0.contains("written on the laptop") }, "\(app.lastScreen)")
        let phoneMood = try #require(try moodtui("list", "--journal", phone).standardOutput.split(separator: "\n")
            .first { $0.contains("written on the phone") }?.split(separator: " ").first { $0.count == 36 })
        try moodtui("edit", String(phoneMood), "--journal", phone, "--note", "edited on the phone")
        try moodtui("sync", "--once", "--journal", phone)
        #expect(try app.waitForScreen(upTo: .seconds(20)) { $0.contains("edited on the phone") }, "\(app.lastScreen)")

        try app.press("a")
        #expect(try app.waitForScreen { $0.contains("This is alice's share, read-only") && !$0.contains("New mood") }, "\(app.lastScreen)")
        try app.press("d")
        #expect(try app.waitForScreen { $0.contains("This is alice's share, read-only") && !$0.contains("Delete this mood?") })

        // A deletion on the laptop leaves the share too.
        try moodtui("sync", "--once", "--journal", laptop)
        let id = try #require(try moodtui("list", "--journal", laptop).standardOutput.split(separator: "\n")
            .first { $0.contains("edited on the phone") }?.split(separator: " ").first { $0.count == 36 })
        try moodtui("delete", String(id), "--journal", laptop)
        try moodtui("sync", "--once", "--journal", laptop)
        #expect(try app.waitForScreen(upTo: .seconds(20)) { !$0.contains("edited on the phone") && $0.contains("before the share") },
                "\(app.lastScreen)")

        try app.press("J")
        #expect(try app.waitForScreen(upTo: .seconds(10)) { $0.contains("No moods yet") && !$0.contains("shared by") }, "\(app.lastScreen)")
        try app.press("q")
        #expect(try app.waitForScreen { _ in (try? app.exitStatus()) == 0 })
        await server.stop()
    }

    @Test func theOwnersAppMarksWhatAShareShowsAndNamesTheShareInTheDetail() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        try aliceSharesWithTheRecipient(server)
        let binary = TmuxSession.quote(try BuiltProducts.moodtui.path)
        let log = TmuxSession.quote(folder.appendingPathComponent("laptop.log").path)
        let app = try TmuxSession(command: "\(binary) --journal \(TmuxSession.quote(laptop)) --log-file \(log)")
        #expect(try app.waitForScreen(upTo: .seconds(10)) { $0.contains("before the share") && $0.contains("↗✓") }, "\(app.lastScreen)")
        try app.press("v")
        #expect(try app.waitForScreen { $0.contains("Shared with") && $0.contains("partner") }, "\(app.lastScreen)")
        try app.press("q")
        await server.stop()
    }
}
