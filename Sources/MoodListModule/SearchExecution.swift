/// Where the interactor reads the list for a filter typed after `/`.
public enum SearchExecution: Sendable {
    /// On the calling thread, done when ``MoodListInteractor/filter(search:)`` returns: for tests
    /// and a journal small enough that it does not matter.
    case inline
    /// On a thread of its own, so that a keystroke never waits for a search, the one before it
    /// included. `wake` is called when a result is ready, from that thread; the next
    /// ``MoodListInteractor/refresh()`` on the UI thread shows it — or drops it, if another
    /// keystroke asked for another search since.
    case background(wake: @Sendable () -> Void)
}
