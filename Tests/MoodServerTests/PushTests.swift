import AppTesting
import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import MoodServer
import NIOWebSocket
import Synchronization
import SyncProtocol
import Testing

/// `/v1/subscribe`: other devices of the account hear about a write; the writer and other
/// accounts do not.
@Suite(.hangGuard) struct PushTests {
    /// A device's WebSocket, collecting the messages it receives.
    final class Subscription: Sendable {
        /// What the connection saw, shared with the task that runs it.
        final class State: Sendable {
            let received = Mutex<[PushMessage]>([])
            let connected = Mutex(false)
            /// Whether the connection has ended (closed by either side, or refused).
            let finished = Mutex(false)
            /// The close frame the server sent, once it has.
            let closeCode = Mutex<WebSocketErrorCode?>(nil)
        }

        let state = State()
        let task: Task<Void, any Error>

        init(host: String = "localhost", port: Int, token: String, device: String) {
            let state = state
            task = Task {
                defer { state.finished.withLock { $0 = true } }
                var headers: HTTPFields = [.authorization: "Bearer \(token)"]
                headers[HTTPField.Name(SyncEndpoint.deviceHeader)!] = device
                headers[.syncProtocol] = String(ProtocolVersion.current)
                let close = try await WebSocketClient.connect(
                    url: "ws://\(host):\(port)\(SyncEndpoint.subscribe)",
                    configuration: .init(additionalHeaders: headers), logger: Logger(label: "ws-test")
                ) { inbound, _, _ in
                    state.connected.withLock { $0 = true }
                    for try await message in inbound.messages(maxSize: 1 << 16) {
                        guard case .text(let text) = message else { continue }
                        let push = try JSONDecoder().decode(PushMessage.self, from: Data(text.utf8))
                        state.received.withLock { $0.append(push) }
                    }
                }
                state.closeCode.withLock { $0 = close?.closeCode }
            }
        }

        var connected: Bool { state.connected.withLock { $0 } }
        var finished: Bool { state.finished.withLock { $0 } }
        var closeCode: WebSocketErrorCode? { state.closeCode.withLock { $0 } }
        var messages: [PushMessage] { state.received.withLock { $0 } }
        deinit { task.cancel() }
    }

    @Test(arguments: StorageBackEnd.allCases)
    func otherDevicesOfTheAccountHearOfAWriteButNotTheWriterOrOtherAccounts(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd, over: .socket) { server in
            let phone = Subscription(port: server.port, token: server.aliceToken, device: "phone")
            let laptop = Subscription(port: server.port, token: server.aliceToken, device: "laptop")
            let bobsPhone = Subscription(port: server.port, token: server.bobToken, device: "phone")
            #expect(await waitUntil { server.hub.count == 3 })

            let first = try await server.alice(device: "laptop").upload([Fixtures.upload(note: "from the laptop")])
            #expect(await waitUntil { phone.messages.count == 1 })
            #expect(phone.messages.first == PushMessage(token: first.token))

            let second = try await server.alice(device: "phone").delete(first.saved.map(\.id))
            #expect(await waitUntil { laptop.messages.count == 1 })
            // The laptop's first push is for the phone's write: it never heard of its own.
            #expect(laptop.messages == [PushMessage(token: second.token)])
            #expect(phone.messages.count == 1)
            #expect(bobsPhone.messages.isEmpty)
            for subscription in [phone, laptop, bobsPhone] { subscription.task.cancel() }
        }
    }

    @Test func aSubscriptionWithoutAValidTokenIsNotUpgraded() async throws {
        try await TestServer.run(.inMemory, over: .socket) { server in
            let stranger = Subscription(port: server.port, token: "wrong", device: "x")
            #expect(await waitUntil { stranger.finished })
            #expect(!stranger.connected)
            #expect(server.hub.count == 0)
        }
    }
}
