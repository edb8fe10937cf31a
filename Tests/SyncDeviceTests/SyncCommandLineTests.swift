import AppTesting
import Foundation
import LocalProcesses
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `moodtui login`, `logout` and `sync` as a person types them, against a real server.
@Suite(.serialized, .hangGuard, .ownThread) struct SyncCommandLineTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-sync-cli-\(UUID().uuidString)")
    var journal: String { folder.appendingPathComponent("journal.sqlite").path }

    private func moodtui(_ arguments: String...) throws -> ProcessResult { try ProcessResult.moodtui(arguments) }

    @Test func badLoginsAreRefusedInWordsAndStoreNothing() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        let token = try server.addDevice("alice")
        let cases: [([String], String)] = [
            (["login", server.url.absoluteString, "mt_wrong"], "refused the token"),
            (["login", "http://127.0.0.1:1", token], "cannot reach the server"),
            (["login", "ftp://example.org", token], "is not a server URL"),
        ]
        for (arguments, words) in cases {
            let result = try ProcessResult.moodtui(arguments + ["--journal", journal])
            #expect(result.status == 1)
            #expect(result.standardError.contains(words), "\(arguments): \(result.standardError)")
        }
        let sync = try moodtui("sync", "--once", "--journal", journal)
        #expect(sync.status == 1 && sync.standardError.contains("not logged in"), "\(sync.standardError)")
        await server.stop()
    }

    @Test func anotherAccountsLoginAsksWhatToDoWithTheMoods() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        #expect(try moodtui("login", server.url.absoluteString, try server.addDevice("alice"), "--journal", journal).status == 0)
        #expect(try moodtui("add", "--journal", journal, "--level", "good", "--note", "alice's mood").status == 0)
        #expect(try moodtui("sync", "--once", "--journal", journal).status == 0)

        let bob = try server.addDevice("bob")
        let refused = try moodtui("login", server.url.absoluteString, bob, "--journal", journal)
        #expect(refused.status == 1 && refused.standardError.contains("--keep-moods"), "\(refused.standardError)")

        #expect(try moodtui("login", server.url.absoluteString, bob, "--journal", journal, "--keep-moods").status == 0)
        let synced = try moodtui("sync", "--once", "--journal", journal)
        #expect(synced.standardOutput.contains("Uploaded 1,"), "\(synced.standardOutput)")

        #expect(try moodtui("logout", "--journal", journal).status == 0)
        #expect(try moodtui("list", "--journal", journal).standardOutput.contains("alice's mood"))
        #expect(try moodtui("sync", "--once", "--journal", journal).status == 1)
        await server.stop()
    }

    @Test func syncWithoutOnceRunsUntilInterruptedAndSaysWhereItStands() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        #expect(try moodtui("login", server.url.absoluteString, try server.addDevice("alice"), "--journal", journal).status == 0)
        #expect(try moodtui("add", "--journal", journal, "--level", "good", "--note", "waiting").status == 0)
        let output = folder.appendingPathComponent("sync.out")
        let pid = try Spawn.start(
            try BuiltProducts.moodtui.path, ["sync", "--journal", journal], output: .file(output.path), error: .discard)
        let printed: @Sendable () -> String = { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
        #expect(await waitUntil { printed().contains("synced · 0 waiting · 0 failed") }, "\(printed())")
        kill(pid, SIGINT)
        #expect(Spawn.wait(pid) == 0)
        await server.stop()
    }
}
