import Foundation
import MoodKit
import SyncProtocol

/// The server's copy of a mood once this device has opened it (``SyncEncryption/open(_:)``):
/// what the conflict rule merges with the journal's copy.
struct ServerMood: Hashable, Sendable {
    var id: UUID
    var content: MoodContent
    var version: Int64
}

/// One change of the server's feed, opened.
enum ServerChange: Hashable, Sendable {
    case upsert(ServerMood)
    case delete(UUID)

    var id: UUID {
        switch self {
        case .upsert(let mood): mood.id
        case .delete(let id): id
        }
    }

    var content: MoodContent? {
        if case .upsert(let mood) = self { mood.content } else { nil }
    }
}
