import AppTesting
import Foundation
import LocalProcesses
import Testing

/// `moodtui key verify` on two devices of one account against a real server: the code one prints
/// matches on the other, and a code that differs in its head is said to be two histories.
@Suite(.serialized, .hangGuard, .ownThread) struct KeyVerifyCommandLineTests {
    @Test func twoSyncedDevicesPrintOneCodeAndAnotherHeadIsTwoHistories() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server, named: "laptop")
        let phone = try await LiveDevice(server: server, named: "phone")
        try laptop.add("compared by eye")
        for device in [laptop, phone] { try await device.syncOnce() }

        let printed = try ProcessResult.moodtui(["key", "verify", "--journal", laptop.journal.path])
        #expect(printed.status == 0, "\(printed.standardError)")
        let code = try #require(printed.standardOutput.split(separator: "\n").last.map(String.init))
        let same = try ProcessResult.moodtui(["key", "verify", code, "--journal", phone.journal.path])
        #expect(same.status == 0, "\(same.standardError)")
        #expect(same.standardOutput.contains("The codes match: both devices hold the account's key"), "\(same.standardOutput)")

        let parts = code.split(separator: "/")
        let forked = "\(parts[0])/\(parts[1])/" + (parts[2] == "0000-0000" ? "1111-1111" : "0000-0000")
        let differs = try ProcessResult.moodtui(["key", "verify", forked, "--journal", phone.journal.path])
        #expect(differs.status == 1)
        #expect(differs.standardError.contains("the server showed these two devices two different histories"), "\(differs.standardError)")

        let unsynced = try await LiveDevice(server: server, named: "tablet")
        let none = try ProcessResult.moodtui(["key", "verify", "--journal", unsynced.journal.path])
        #expect(none.status == 1)
        #expect(none.standardError.contains("sync (`moodtui sync --once`) first"), "\(none.standardError)")
        await server.stop()
    }
}
