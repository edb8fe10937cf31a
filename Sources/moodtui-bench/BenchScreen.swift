import MoodListModule
import MoodStore

/// The mood list's interactor and presenter on a journal, as the app wires them, with a view that
/// only counts what it is asked to draw: what the local and remote cases time.
struct BenchScreen {
    let interactor: MoodListInteractor
    let presenter: MoodListPresenter
    let view = CountingView()

    /// Wires the module on `store` and shows the first `visibleRows` rows.
    /// - Parameter searchExecution: `.inline` for cases that time a search on the thread that
    ///   asks for it; the app reads searches (and the form's activity suggestions) in the background.
    init(store: JournalStore, visibleRows: Int, searchExecution: SearchExecution = .inline) throws {
        interactor = try MoodListInteractor(store: store, searchExecution: searchExecution)
        presenter = MoodListPresenter(interactor: interactor, router: MoodListAppRouter(onQuit: {}))
        interactor.output = presenter
        presenter.view = view
        presenter.viewDidLoad(visibleRows: visibleRows)
    }
}
