import MoodKit

/// Everything the mood list knows about searching, in one value: the filter on the list, the
/// search `n` and `N` step through, the mood to keep selected while a new list is read, and a key
/// that waits for that list.
struct MoodListSearch: Hashable, Sendable {
    /// The filter applied to the list, if any.
    var applied: String?
    /// The search `n` and `N` step through: the last filter kept with Enter, still there after
    /// Esc shows the whole list again.
    var kept: String?
    /// The mood selected when the filter last changed: selected again when the filtered list
    /// arrives, if it holds it (a search read in the background arrives after the keystroke).
    var selectionToKeep: Mood.ID?
    /// A key that acts on the selected mood (`e`, Enter, `d`), pressed while a new list was read:
    /// it acts on that list once it arrives, not on the one it replaces.
    /// `n` or `N` pressed on a search's first screen waits the same way, for every match.
    var waitingIntent: MoodListIntent?
}
