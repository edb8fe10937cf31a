/// The app's router: leaving the mood list ends the app, in whatever way the app says.
public final class MoodListAppRouter: MoodListRouter {
    private let onQuit: () -> Void

    /// - Parameter onQuit: what ending the module means (the app stops its loop).
    public init(onQuit: @escaping () -> Void) {
        self.onQuit = onQuit
    }

    /// Ends the module the way the app said.
    public func quit() { onQuit() }
}
