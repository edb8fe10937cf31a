import AppTesting
import Foundation
import LocalProcesses
import Testing

/// "No mood today" means no mood from any device: the prompt reads what the journal has synced,
/// and the reminder's run syncs once before it decides, against a real server.
@Suite(.serialized, .hangGuard, .ownThread) struct ReminderSyncTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-remind-sync-\(UUID().uuidString)")
    var laptop: String { folder.appendingPathComponent("laptop.sqlite").path }
    var phone: String { folder.appendingPathComponent("phone.sqlite").path }
    var programs: URL { folder.appendingPathComponent("bin") }

    /// `moodtui ARGUMENTS`, with a `notify-send` on PATH that records what it is asked.
    private func moodtui(_ arguments: String...) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = programs.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let result = try ProcessResult.moodtui(arguments, environment: environment)
        try #require(result.status == 0, "\(arguments): \(result.standardError)")
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private var notifications: [String] {
        ((try? String(contentsOf: folder.appendingPathComponent("notify-send.calls"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    private func logIn(_ server: ServerProcess) throws {
        _ = try moodtui("login", server.url.absoluteString, try server.addDevice("alice"), "--journal", laptop)
        let phrase = try #require(try moodtui("key", "show", "--journal", laptop).split(separator: "\n").last.map(String.init))
        let keyFile = folder.appendingPathComponent("phrase.txt")
        try Data(phrase.utf8).write(to: keyFile)
        _ = try moodtui("login", server.url.absoluteString, try server.addDevice("alice"), "--journal", phone, "--key-file", keyFile.path)
        try FileManager.default.createDirectory(at: programs, withIntermediateDirectories: true)
        let notifySend = programs.appendingPathComponent("notify-send")
        try ExecutableFile.write(Data("#!/bin/sh\necho \"$@\" >> '\(folder.path)/notify-send.calls'\n".utf8), to: notifySend)
    }

    @Test func aMoodLoggedOnTheLaptopSilencesThePhonesPromptOnceSynced() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        try logIn(server)
        #expect(try moodtui("prompt", "--journal", phone) == "no mood today · moodtui a")

        await waitForAMinuteOfTheSameDay()
        _ = try moodtui("add", "--journal", laptop, "--level", "good", "--note", "on the laptop")
        _ = try moodtui("sync", "--once", "--journal", laptop)
        #expect(try moodtui("prompt", "--journal", phone) == "no mood today · moodtui a", "the prompt never goes to the network")
        _ = try moodtui("sync", "--once", "--journal", phone)
        #expect(try moodtui("prompt", "--journal", phone) == "")
        await server.stop()
    }

    @Test func theRemindersRunSyncsFirstAndStaysSilentForAMoodLoggedElsewhere() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        try logIn(server)
        _ = try moodtui("remind", "--run", "--journal", phone)
        #expect(notifications.count == 1, "no device logged a mood today")

        await waitForAMinuteOfTheSameDay()
        _ = try moodtui("add", "--journal", laptop, "--level", "good", "--note", "on the laptop")
        _ = try moodtui("sync", "--once", "--journal", laptop)
        _ = try moodtui("remind", "--run", "--journal", phone)
        #expect(notifications.count == 1, "the phone synced the laptop's mood before deciding")
        #expect(try moodtui("list", "--journal", phone).contains("on the laptop"))
        await server.stop()
    }
}
