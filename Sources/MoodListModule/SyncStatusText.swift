import Foundation
import MoodKit

/// The header's words for a ``SyncStatus``: "synced", "syncing…", "offline · retry in 12 s",
/// "sync error: …", each followed by what waits ("· 3 waiting", "· 1 failed", "· 1 unreadable").
enum SyncStatusText {
    static func describe(_ status: SyncStatus, now: Date) -> String {
        var parts: [String]
        switch status.state {
        case .localOnly: return "local journal"
        case .synced: parts = ["synced"]
        case .syncing: parts = ["syncing…"]
        case .offline(let retryAt, _):
            let seconds = Int(retryAt.timeIntervalSince(now).rounded(.up))
            parts = [seconds > 0 ? "offline · retry in \(seconds) s" : "offline · retrying"]
        case .error(let message): parts = ["sync error: \(message)"]
        }
        if status.waiting > 0 { parts.append("\(status.waiting) waiting") }
        if status.failed > 0 { parts.append("\(status.failed) failed") }
        if status.unreadable > 0 { parts.append("\(status.unreadable) unreadable") }
        return parts.joined(separator: " · ")
    }
}
