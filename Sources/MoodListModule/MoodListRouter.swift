/// Where the mood list leads beyond itself. The list is moodtui's one screen — its form, detail,
/// help and insights are states of it, kept by the presenter — so the only way out is to end it.
public protocol MoodListRouter: AnyObject {
    /// Ends the module: the person quit.
    func quit()
}
