import Foundation
import Hummingbird
import ServerStorage
import SyncProtocol

/// The routes of the account's setup: its scales' definitions, which devices merge and the server
/// keeps, sealed for an account with a key, one version after another.
extension SyncRoutes {
    func registerSetup(on v1: RouterGroup<MoodRequestContext>) {
        v1.on(SyncCalls.setup) { _, _, context in try .answer(try await storage.setup(of: try context.requirePerson())) }
        v1.on(SyncCalls.storeSetup) { body, request, context in try await storeSetup(body, request, context) }
    }

    /// Keeps the setup a device merged, if no other device stored one since the version it read;
    /// its other devices hear of it as of any change.
    private func storeSetup(_ body: SetupUpload, _ request: Request, _ context: MoodRequestContext) async throws -> SyncReply<SetupResponse> {
        let account = try context.requirePerson()
        try AccountAuthority.check(body, in: account)
        switch try await storage.storeSetup(body, in: account, from: device(request)) {
        case .stored(let version, let latestSequence):
            publish(account, token(account, latestSequence), exceptDevice: device(request))
            return try .answer(SetupResponse(version: version, payload: nil))
        case .versionMoved:
            throw ServerError(
                status: .conflict, code: .changesSince,
                message: "another device changed the account's scales since version \(body.baseVersion): fetch them, merge, and store again")
        }
    }
}
