import Foundation
import MoodKit

/// The header's words for a ``SyncStatus``: "synced", "syncing…", "sync in 4 s", "offline · retry in 12 s",
/// "slowed down by the server · retry in 3 s",
/// "sync error: …", each followed by "not encrypted" for an account whose moods the server can read, what waits ("· 3 waiting", "· 1 failed", "· 1 unreadable")
/// and a clock far from the server's ("· clock 1 h ahead of the server").
enum SyncStatusText {
    static func describe(_ status: SyncStatus, now: Date) -> String {
        var parts: [String]
        switch status.state {
        case .localOnly: return "local journal"
        case .synced: parts = ["synced"]
        case .syncing: parts = ["syncing…"]
        case .pending(let nextRun):
            let seconds = nextRun.map { Int($0.timeIntervalSince(now).rounded(.up)) } ?? 0
            parts = [seconds > 0 ? "sync in \(seconds) s" : "sync pending"]
        case .offline(let retryAt, _):
            let seconds = Int(retryAt.timeIntervalSince(now).rounded(.up))
            parts = [seconds > 0 ? "offline · retry in \(seconds) s" : "offline · retrying"]
        case .slowedDown(let retryAt):
            let seconds = Int(retryAt.timeIntervalSince(now).rounded(.up))
            parts = [seconds > 0 ? "slowed down by the server · retry in \(seconds) s" : "slowed down by the server · retrying"]
        case .error(let message): parts = ["sync error: \(message)"]
        }
        if status.encryption == .plain { parts.append("not encrypted") }
        if status.waiting > 0 { parts.append("\(status.waiting) waiting") }
        if status.failed > 0 { parts.append("\(status.failed) failed") }
        if status.unreadable > 0 { parts.append("\(status.unreadable) unreadable") }
        if let skew = status.clockSkew { parts.append("clock \(skew)") }
        return parts.joined(separator: " · ")
    }
}
