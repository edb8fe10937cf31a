import MoodKit
import MoodStore
import Synchronization

/// What one device's journal showed, look by look: after every commit to it (the app's, sync's,
/// another process's), the moods the commit touched, read as the screen would read them then.
final class DeviceHistory: Sendable {
    private let looks: Looks
    private let watcher: JournalWatcher

    init(device: Int, store: JournalStore) throws {
        let looks = Looks()
        self.looks = looks
        watcher = try JournalWatcher(store: store) { changes in
            var ids = Set<Mood.ID>()
            for change in changes { ids.formUnion(change.inserted.union(change.updated).union(change.deleted)) }
            // A pruned log says only that something changed: look at every mood seen so far.
            if changes.contains(where: \.missedChanges) { ids.formUnion(looks.list.withLock { Set($0.map(\.mood)) }) }
            let began = ContinuousClock.now
            guard let held = try? store.read({ try $0.moods(ids: ids) }) else { return }
            let seen = ids.map { ConsistencyChecker.Observation(device: device, mood: $0, stamps: held[$0]?.stamps, began: began) }
            looks.list.withLock { $0 += seen }
        }
    }

    /// Every look so far.
    var observations: [ConsistencyChecker.Observation] { looks.list.withLock { $0 } }

    func stop() { watcher.stop() }

    private final class Looks: Sendable {
        let list = Mutex<[ConsistencyChecker.Observation]>([])
    }
}
