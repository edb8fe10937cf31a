import Foundation
@testable import LocalProcesses
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A program written just now may be busy for a moment (another thread's forked child still
/// holds the writer's descriptor): starting it waits that out, and says in words when it cannot.
@Suite struct SpawnTests {
    @Test func aBusyProgramIsTriedAgainUntilItStarts() {
        var answers: [Int32] = [ETXTBSY, ETXTBSY, ETXTBSY, 0]
        var calls = 0
        let status = Spawn.retryingWhileBusy(until: .now + .seconds(60)) {
            calls += 1
            return answers.removeFirst()
        }
        #expect(status == 0)
        #expect(calls == 4)
    }

    @Test func anotherFailureOrTheDeadlineEndsTheTries() {
        var calls = 0
        #expect(Spawn.retryingWhileBusy(until: .now + .seconds(60)) { calls += 1; return ENOENT } == ENOENT)
        #expect(calls == 1)
        #expect(Spawn.retryingWhileBusy(until: .now - .seconds(1)) { calls += 1; return ETXTBSY } == ETXTBSY)
        #expect(calls == 2)
    }

    @Test func aProgramHeldOpenForWritingIsNamedBusy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-spawn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("busy").path
        let writer = open(program, O_WRONLY | O_CREAT | O_CLOEXEC, 0o700)
        try #require(writer >= 0)
        defer { close(writer) }
        _ = "#!/bin/sh\nexit 0\n".withCString { write(writer, $0, strlen($0)) }
        let argv = [strdup(program), nil]
        defer { free(argv[0]) }
        #expect(Spawn.retryingWhileBusy(until: .now) {
            var pid: pid_t = 0
            return posix_spawn(&pid, program, nil, nil, argv, nil)
        } == ETXTBSY)
    }
}
