/// The mood list as the presenter sees it: something that draws a ``MoodListViewModel``.
///
/// The ncurses view implements it; presenter tests use a recording fake. Calls come on the UI thread.
public protocol MoodListView: AnyObject {
    /// Draws `model`, redrawing only the parts named in `changes`.
    func display(_ model: MoodListViewModel, changes: MoodListViewChanges)

    /// How far `overlay` (the help or a mood's detail) can scroll at the view's size: the line
    /// to show first when its last line is at the bottom. Only the view knows how text wraps.
    func scrollLimit(for overlay: MoodListOverlay) -> Int
}
