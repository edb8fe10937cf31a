import MoodListModule
import MoodStore

/// The mood list's interactor and presenter on a journal, as the app wires them, with a view that
/// only counts what it is asked to draw: what the local and remote cases time.
struct BenchScreen {
    let interactor: MoodListInteractor
    let presenter: MoodListPresenter
    let view = CountingView()

    /// Wires the module on `store` and shows the first `visibleRows` rows.
    init(store: JournalStore, visibleRows: Int) throws {
        interactor = try MoodListInteractor(store: store)
        presenter = MoodListPresenter(interactor: interactor, router: MoodListOverlayRouter(onQuit: {}))
        interactor.output = presenter
        presenter.view = view
        presenter.viewDidLoad(visibleRows: visibleRows)
    }
}
