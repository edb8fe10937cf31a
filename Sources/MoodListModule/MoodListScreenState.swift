import MoodKit

/// What the mood list has open: the one state the screen is in. The presenter owns it; the keys'
/// mode, the footer and the overlay the view draws are all read from it.
enum MoodListScreenState: Hashable, Sendable {
    /// The list alone.
    case list
    /// The filter line being typed over the list; Esc goes back to the list as it was before
    /// `/` (`returnTo`), as it does in less and vim.
    case filtering(TextFieldState, returnTo: ListBeforeFilterLine)
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

/// The list as it was when `/` opened the filter line: the filter kept then, and the mood selected.
struct ListBeforeFilterLine: Hashable, Sendable {
    var filter: String?
    var selection: Mood.ID?
}
