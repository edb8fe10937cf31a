import Foundation
import MoodKit
import SyncProtocol

/// Moods for tests.
enum Fixtures {
    static func content(_ level: MoodLevel = .good, note: String = "", creator: String = "device-a", at milliseconds: Int64 = 1_795_000_000_000)
        -> MoodContent
    {
        MoodContent(
            date: Date(millisecondsSince1970: milliseconds), level: level, note: note, creatorID: creator,
            stamps: MoodStamps(all: HybridTimestamp(wallMilliseconds: milliseconds, counter: 0, device: creator)))
    }

    static func upload(_ id: UUID = UUID(), _ level: MoodLevel = .good, note: String = "", base: Int64? = nil) -> MoodUpload {
        MoodUpload(id: id, payload: .plain(content(level, note: note)), baseVersion: base)
    }

    static func upload(_ level: MoodLevel, note: String = "") -> MoodUpload {
        upload(UUID(), level, note: note)
    }
}
