/// The mood list as the presenter sees it: something that draws a ``MoodListViewModel``.
///
/// The ncurses view implements it; presenter tests use a recording fake. Calls come on the UI thread.
public protocol MoodListView: AnyObject {
    /// Draws `model`, redrawing only the parts named in `changes`.
    func display(_ model: MoodListViewModel, changes: MoodListViewChanges)
}
