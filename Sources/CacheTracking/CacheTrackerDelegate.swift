/// Receives what a ``CacheTracker`` learns, on the thread that called into the tracker.
///
/// In the VIPER mood list the interactor is the delegate: it hands batches on to the presenter.
public protocol CacheTrackerDelegate: AnyObject {
    /// One or more commits changed the tracked list as `batch` describes.
    func cacheTracker(_ tracker: CacheTracker, didProduce batch: CacheTransactionBatch)
    /// The list was replaced as a whole (a new request, or the tracker fell too far behind the
    /// journal): forget what you kept and read it again from ``CacheTracker/count``.
    func cacheTrackerDidReload(_ tracker: CacheTracker)
}
