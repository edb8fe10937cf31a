/// The app's router: leaving the mood list ends the app, in whatever way the app says.
public final class MoodListAppRouter: MoodListRouter {
    private let onQuit: () -> Void
    private let onSwitchJournal: () -> Bool

    /// - Parameters:
    ///   - onQuit: what ending the module means (the app stops its loop).
    ///   - onSwitchJournal: opens the next journal, or says there is none (by default).
    public init(onQuit: @escaping () -> Void, onSwitchJournal: @escaping () -> Bool = { false }) {
        self.onQuit = onQuit
        self.onSwitchJournal = onSwitchJournal
    }

    /// Ends the module the way the app said.
    public func quit() { onQuit() }

    public func switchJournal() -> Bool { onSwitchJournal() }
}
