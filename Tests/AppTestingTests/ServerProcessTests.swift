import AppTesting
import Foundation
import LocalProcesses
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A test server can be killed and started again on its port, however many connections the
/// machine makes meanwhile: its port is one no outgoing connection is given.
@Suite(.hangGuard, .ownThread) struct ServerProcessTests {
    @Test func aServerListensBelowTheEphemeralRangeAndComesBackOnItsPortAfterAKill() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("server")
        let first = try await ServerProcess.start(data: data)
        #expect(!FreePort.ephemeralRange().contains(first.port), "port \(first.port) is one an outgoing connection may take")
        let port = first.port
        #expect(await first.stop(SIGKILL) == 128 + SIGKILL)
        let again = try await ServerProcess.start(data: data, port: port)
        #expect(again.port == port)
        await again.stop()
    }

    @Test func aFreePortIsBelowTheEphemeralRangeAndTakesABind() throws {
        let port = try FreePort.belowEphemeralRange()
        #expect(port < FreePort.ephemeralRange().lowerBound)
        #expect(port >= 10_000)
    }
}
