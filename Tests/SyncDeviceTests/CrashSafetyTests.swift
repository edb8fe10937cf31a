import AppTesting
import Foundation
import JournalTesting
import MoodKit
import MoodStore
import MoodSync
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `moodtui sync` killed with SIGKILL at random points while it uploads: after a restart, the
/// server holds every mood exactly once and the journal knows it.
@Suite(.serialized, .timeLimit(.minutes(5))) struct CrashSafetyTests {
    @Test func killedAtRandomPointsWhileUploadingEveryMoodEndsOnTheServerOnce() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let count = 3_000
        let moods = try laptop.store.write(origin: .ui) { writer in
            try (0..<count).map { index in
                let mood = try Mood.new(level: .good, note: "mood \(index)", creatorID: "laptop")
                try writer.add(mood)
                return mood
            }
        }

        var random = SeededGenerator(seed: 42)
        var killedMidway = 0
        for _ in 0..<6 {
            let pid = try Spawn.start(
                try BuiltProducts.moodtui.path, ["sync", "--once", "--journal", laptop.journal.path], output: .discard, error: .discard)
            try await Task.sleep(for: .milliseconds(Int.random(in: 100...900, using: &random)))
            kill(pid, SIGKILL)
            if Spawn.wait(pid) == 128 + SIGKILL { killedMidway += 1 }
        }
        let last = try ProcessResult.moodtui(["sync", "--once", "--journal", laptop.journal.path])
        #expect(last.status == 0, "\(last.standardError)")
        #expect(killedMidway > 0)

        #expect(try laptop.store.read { try $0.syncBacklog() } == SyncBacklog())
        let fresh = try await LiveDevice(server: server)
        try await fresh.syncOnce()
        let downloaded = try fresh.store.read { try $0.moods(MoodFilter(), order: .newestFirst) }
        #expect(downloaded.count == count)
        #expect(Set(downloaded.map(\.id)) == Set(moods.map(\.id)))
        await server.stop()
    }
}
