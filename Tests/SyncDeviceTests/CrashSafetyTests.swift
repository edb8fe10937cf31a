import AppTesting
import Foundation
import JournalTesting
import LocalProcesses
import MoodKit
import MoodStore
import MoodSync
import SyncProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `moodtui sync` killed with SIGKILL at random points of its upload: after a restart, the
/// server holds every mood exactly once and the journal knows it.
@Suite(.serialized, .hangGuard, .ownThread) struct CrashSafetyTests {
    @Test func killedAtRandomPointsOfItsUploadEveryMoodEndsOnTheServerOnce() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let count = 10_000  // twenty batches: enough upload left after each kill point for the kill to land in it
        let moods = try await laptop.store.write(origin: .ui) { writer in
            try (0..<count).map { index in
                try writer.add(MoodEntry(level: .good, note: "mood \(index)"))
            }
        }

        var random = SeededGenerator(seed: 42)
        var killedMidUpload = 0
        let uploaded: @Sendable () throws -> Int = { count - (try laptop.store.read { try $0.syncBacklog() }.uploads) }

        // One kill that lands mid-request whatever the machine's speed: the upload is held at a
        // proxy, the process killed, and only then the request is let go.
        let proxy = try FaultProxy(upstreamPort: server.port)
        defer { proxy.close() }
        proxy.inject(.holdForLateDelivery, on: FaultProxy.Match(method: "POST", pathPrefix: "/v1/moods"))
        let held = try Spawn.start(
            try BuiltProducts.moodtui.path, ["sync", "--once", "--journal", laptop.journal.path],
            environment: ProcessInfo.processInfo.environment.merging(["MOODTUI_SERVER": proxy.url.absoluteString]) { $1 },
            output: .discard, error: .discard)
        #expect(await waitUntil(upTo: .seconds(60)) { proxy.heldCount == 1 })
        kill(held, SIGKILL)
        if Spawn.wait(held) == 128 + SIGKILL, try uploaded() < count { killedMidUpload += 1 }
        proxy.releaseHeld()

        for _ in 0..<5 {
            let done = try uploaded()
            guard done < count - 2 * SyncLimits.maximumUploadBatch else { break }  // leave batches to kill in
            // A random point in what is left: kill as soon as the journal shows it was reached.
            let target = Int.random(in: (done + 1)...(done + (count - done) / 2), using: &random)
            let pid = try Spawn.start(
                try BuiltProducts.moodtui.path, ["sync", "--once", "--journal", laptop.journal.path], output: .discard, error: .discard)
            _ = await waitUntil(upTo: .seconds(60)) { try uploaded() >= target }
            // …and a little later, so that kills land anywhere in a batch's request and answer.
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...40, using: &random)))
            kill(pid, SIGKILL)
            let killed = Spawn.wait(pid) == 128 + SIGKILL
            if killed, try uploaded() < count { killedMidUpload += 1 }
        }
        let last = try ProcessResult.moodtui(["sync", "--once", "--journal", laptop.journal.path])
        #expect(last.status == 0, "\(last.standardError)")
        #expect(killedMidUpload >= 1, "kills that landed mid-upload: \(killedMidUpload)")

        #expect(try await laptop.store.read { try $0.syncBacklog() } == SyncBacklog())
        let fresh = try await LiveDevice(server: server)
        try await fresh.syncOnce()
        let downloaded = try await fresh.store.read { try $0.moods(MoodFilter(), order: .newestFirst) }
        #expect(downloaded.count == count)
        #expect(Set(downloaded.map(\.id)) == Set(moods.map(\.id)))
        await server.stop()
    }
}
