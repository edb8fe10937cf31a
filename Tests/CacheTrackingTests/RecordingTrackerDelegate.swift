import CacheTracking

/// Keeps what a tracker reported, for tests to look at.
final class RecordingTrackerDelegate: CacheTrackerDelegate {
    var batches: [CacheTransactionBatch] = []
    var reloads = 0

    func cacheTracker(_ tracker: CacheTracker, didProduce batch: CacheTransactionBatch) {
        batches.append(batch)
    }

    func cacheTrackerDidReload(_ tracker: CacheTracker) {
        reloads += 1
    }
}
