import AppTesting
@testable import MoodServer
import Synchronization
import SyncProtocol
import Testing

/// A socket's pushes are written one at a time, only the latest waiting, and nothing after the
/// event that closes the socket.
@Suite struct PushSenderTests {
    /// Records what was written; the first write waits until ``release()``.
    final class SlowSocket: Sendable {
        private let state = Mutex<(written: [String], released: Bool)>(([], false))

        func write(_ event: PushEvent) async -> Bool {
            let first = state.withLock { $0.written.isEmpty }
            if first { _ = await waitUntil { self.state.withLock { $0.released } } }
            state.withLock { $0.written.append(Self.name(event)) }
            return !event.endsTheSocket
        }

        func release() { state.withLock { $0.released = true } }
        var written: [String] { state.withLock { $0.written } }

        private static func name(_ event: PushEvent) -> String {
            switch event {
            case .changed(let message): message.token.rawValue
            case .revoked: "revoked"
            case .serverStopping: "stopping"
            }
        }
    }

    private func changed(_ token: String) -> PushEvent { .changed(PushMessage(token: ChangeToken(rawValue: token))) }

    @Test func aSlowSocketGetsOnlyTheLatestOfThePushesThatWaited() async {
        let socket = SlowSocket()
        let sender = PushSender(write: socket.write, whenEnding: {})
        sender.send(changed("a"))
        sender.send(changed("b"))
        sender.send(changed("c"))
        socket.release()
        #expect(await waitUntil { socket.written.count == 2 })
        #expect(socket.written == ["a", "c"])
        sender.send(changed("d"))
        #expect(await waitUntil { socket.written.count == 3 })
        #expect(socket.written == ["a", "c", "d"])
    }

    @Test func aRevocationReplacesAWaitingPushAndEndsThePushes() async {
        let socket = SlowSocket()
        let sender = PushSender(write: socket.write, whenEnding: {})
        sender.send(changed("a"))
        sender.send(changed("b"))
        sender.send(.revoked)
        sender.send(changed("c"))
        socket.release()
        #expect(await waitUntil { socket.written.count == 2 })
        #expect(socket.written == ["a", "revoked"])
        sender.send(changed("d"))
        sender.send(.serverStopping)
        let probe = SlowSocket()
        probe.release()
        let later = PushSender(write: probe.write, whenEnding: {})
        later.send(changed("after"))
        #expect(await waitUntil { probe.written == ["after"] }, "a write after this point would have landed by now")
        #expect(socket.written == ["a", "revoked"])
    }

    /// A client that reads nothing holds a push's write for ever: the revocation behind it must
    /// still start the countdown that drops the connection.
    @Test func aRevocationStartsTheDropWhileAWriteIsStuck() async {
        let socket = SlowSocket()  // never released: the first write never ends
        let endings = Mutex(0)
        let sender = PushSender(write: socket.write, whenEnding: { endings.withLock { $0 += 1 } })
        sender.send(changed("a"))
        sender.send(.revoked)
        sender.send(.serverStopping)
        #expect(endings.withLock { $0 } == 1, "once, at the first event that ends the socket")
        #expect(socket.written.isEmpty)
        socket.release()
    }
}
