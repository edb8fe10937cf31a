import MoodKit

/// What the mood list has open: the one state the screen is in. The presenter owns it; the keys'
/// mode, the footer and the overlay the view draws are all read from it.
enum MoodListScreenState: Hashable, Sendable {
    /// The list alone.
    case list
    /// The filter line being typed over the list; Esc goes back to the mood selected before
    /// `/` (`returnTo`), as it does in less and vim.
    case filtering(TextFieldState, returnTo: Mood.ID?)
    /// The add or edit form.
    case form(MoodFormState)
    /// "Delete this mood?" about a row.
    case confirmDelete(MoodRowViewModel)
    /// The whole of one mood.
    case detail(MoodDetailState)
    /// The keys, from help line `scroll` on.
    case help(scroll: Int)
    /// The insights screen.
    case insights(InsightsState)

    /// What the keys act on in this state.
    var mode: MoodListMode {
        switch self {
        case .list: .list
        case .filtering: .filter
        case .form: .form
        case .confirmDelete: .confirmDelete
        case .detail: .detail
        case .help: .help
        case .insights: .insights
        }
    }
}
