import MoodKit

/// Opens and closes what the mood list shows over itself — the add and edit forms, the delete
/// question, a mood's detail, help — and ends the module on quit. In a one-screen terminal app these overlays are
/// the module's "other screens".
public final class MoodListOverlayRouter: MoodListRouter {
    /// What is open now, if anything.
    public private(set) var current: MoodListRoute?
    private let onQuit: () -> Void

    /// - Parameter onQuit: what ending the module means (the app stops its loop).
    public init(onQuit: @escaping () -> Void) {
        self.onQuit = onQuit
    }

    public func openForm(_ form: MoodFormState) { current = .form(form) }
    public func openDeleteConfirmation(for row: MoodRowViewModel) { current = .confirmDelete(row) }
    public func openDetail(_ detail: MoodDetailState) { current = .detail(detail) }
    public func openHelp() { current = .help }
    public func openInsights(_ insights: InsightsState) { current = .insights(insights) }
    public func closeOverlay() { current = nil }
    public func quit() { onQuit() }

    /// Changes the open form, if a form is open.
    public func updateForm(_ change: (inout MoodFormState) -> Void) {
        guard case .form(var form) = current else { return }
        change(&form)
        current = .form(form)
    }

    /// Changes the open insights screen, if it is open.
    public func updateInsights(_ change: (inout InsightsState) -> Void) {
        guard case .insights(var insights) = current else { return }
        change(&insights)
        current = .insights(insights)
    }

    /// Changes the open detail view, if it is open.
    public func updateDetail(_ change: (inout MoodDetailState) -> Void) {
        guard case .detail(var detail) = current else { return }
        change(&detail)
        current = .detail(detail)
    }
}
