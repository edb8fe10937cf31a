/// Where the mood list leads beyond itself. The list is moodtui's one screen — its form, detail,
/// help and insights are states of it, kept by the presenter — so the only ways out are to end
/// it, or to end it for the same screen on another journal.
public protocol MoodListRouter: AnyObject {
    /// Ends the module: the person quit.
    func quit()
    /// Ends the module to open the next journal the person holds (their own, then each share
    /// someone made for them); `false`, with the module left as it is, when there is none other.
    func switchJournal() -> Bool
}
