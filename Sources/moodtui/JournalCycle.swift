import Foundation
import MoodKit
import MoodStore
import MoodSync

/// A journal the app has open, and how to start its sync engine (`nil`: it does not sync).
struct OpenedJournal: Sendable {
    let store: JournalStore
    let makeSyncEngine: (@Sendable (@escaping @Sendable (SyncStatus) -> Void) -> SyncCoordinator)?
}

/// The journals the app's `J` goes through: the person's own, then each share someone made for
/// them (the shares folder's journals, by name), and round again.
struct JournalCycle: Sendable {
    /// The journal the app was opened on when it is neither the person's own default one nor in
    /// the shares folder (`--journal PATH`): it takes the own journal's place.
    let own: String
    let sharesFolder: URL
    /// Opens a journal of the cycle.
    let open: @Sendable (String) throws -> OpenedJournal

    /// Every journal of the cycle, now: a share accepted while the app runs is in it.
    var paths: [String] {
        let shares = (try? FileManager.default.contentsOfDirectory(atPath: sharesFolder.path)) ?? []
        let files = shares.filter { $0.hasSuffix(".sqlite") }.sorted().map { sharesFolder.appendingPathComponent($0).path }
        return [own] + files.filter { $0 != own }
    }

    /// The journal after `path`, or `nil` when the cycle holds no other.
    func next(after path: String) -> String? {
        let all = paths
        guard all.count > 1 else { return nil }
        let index = all.firstIndex(of: path) ?? 0
        return all[(index + 1) % all.count]
    }
}
