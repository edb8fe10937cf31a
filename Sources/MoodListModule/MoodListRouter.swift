/// Where the mood list goes beyond its list: the presenter asks for these transitions and the
/// router decides how they are shown (``MoodListOverlayRouter`` shows them over the list).
public protocol MoodListRouter: AnyObject {
    /// What is open over the list now.
    var current: MoodListRoute? { get }
    /// Opens the add or edit form.
    func openForm(_ form: MoodFormState)
    /// Asks "Delete this mood?" about a row.
    func openDeleteConfirmation(for row: MoodRowViewModel)
    /// Shows the whole of one mood.
    func openDetail(_ detail: MoodDetailState)
    /// Changes the open detail view (scrolling, the mood changed on another device).
    func updateDetail(_ change: (inout MoodDetailState) -> Void)
    /// Shows the keys.
    func openHelp()
    /// Shows the insights screen.
    func openInsights(_ insights: InsightsState)
    /// Changes the open insights screen (another year, another day selected).
    func updateInsights(_ change: (inout InsightsState) -> Void)
    /// Closes whatever is open.
    func closeOverlay()
    /// Changes the open form (typing, level).
    func updateForm(_ change: (inout MoodFormState) -> Void)
    /// Ends the module: the person quit.
    func quit()
}

/// What the router has open over the list, with its state.
public enum MoodListRoute: Hashable, Sendable {
    case form(MoodFormState)
    case confirmDelete(MoodRowViewModel)
    case detail(MoodDetailState)
    case help
    case insights(InsightsState)
}
