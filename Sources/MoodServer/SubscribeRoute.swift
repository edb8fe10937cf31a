import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import SyncProtocol

/// `GET /v1/subscribe`: a WebSocket that receives a ``PushMessage`` after every commit that
/// changed the account's moods from another device. What the client sends is ignored.
struct SubscribeRoute<Storage: MoodServerStorage>: Sendable {
    let storage: Storage
    let hub: PushHub

    /// Adds the upgrade route to the router Hummingbird asks before upgrading; an unauthorised
    /// request is not upgraded and reaches the HTTP routes, which answer 401.
    func register(on router: Router<MoodRequestContext>) {
        let hub = hub
        router.group().add(middleware: BearerAuthMiddleware(storage: storage))
            .ws(RouterPath(SyncEndpoint.subscribe)) { _, _ in .upgrade([:]) } onUpgrade: { inbound, outbound, context in
                guard let account = context.requestContext.account else { return }
                let device = HTTPField.Name(SyncEndpoint.deviceHeader).flatMap { context.request.headers[$0] }
                let (id, messages) = hub.subscribe(account: account.id, deviceID: device)
                defer { hub.unsubscribe(id) }
                context.logger.debug("subscribed", metadata: ["account": "\(account.name)"])
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await _ in inbound {}  // drained until the client closes
                    }
                    group.addTask {
                        let encoder = JSONEncoder()
                        for await message in messages {
                            try await outbound.write(.text(String(decoding: try encoder.encode(message), as: UTF8.self)))
                        }
                    }
                    try await group.next()
                    group.cancelAll()
                }
            }
    }
}
