import Foundation
import Logging
import MoodListModule
import MoodListScreen
import MoodStore
import TerminalUI

/// The interactive journal: wires the VIPER module to the terminal and runs the UI thread's loop.
///
/// Everything here runs on one thread. It sleeps in `poll()` until a key, a resize, a signal or a
/// wake-up from the journal watcher arrives — no busy loop, no redraw on a timer other than
/// refreshing relative dates once a minute.
final class InteractiveApp {
    private let store: JournalStore
    private let logger: Logger
    private let options: TerminalOptions
    private var running = true

    init(store: JournalStore, options: TerminalOptions, logger: Logger) {
        self.store = store
        self.options = options
        self.logger = logger
    }

    /// Runs until the person quits or a signal arrives; the terminal is restored on every way out.
    func run() throws {
        purgeDeletedMoods()
        let terminal = Terminal()
        try terminal.start(options: options)
        defer { terminal.restore() }
        let loop = try TerminalEventLoop()
        // The loop's signal handlers must outlive the final purge below: keep it alive until then.
        defer { withExtendedLifetime(loop) {} }
        let waker = loop.waker
        let watcher = try JournalWatcher(store: store) { _ in waker.wake() }
        defer { watcher.stop() }

        let interactor = try MoodListInteractor(store: store, creatorID: try store.deviceID())
        let router = MoodListOverlayRouter(onQuit: { [unowned self] in running = false })
        let presenter = MoodListPresenter(interactor: interactor, router: router)
        let view = MoodListScreenView(screen: terminal.screen, colorSupport: terminal.colorSupport)
        let keys = MoodListKeyMap()
        interactor.output = presenter
        presenter.view = view
        presenter.viewDidLoad(visibleRows: view.listRowCount)
        logger.info("opened journal", metadata: ["path": "\(store.path)", "moods": "\(interactor.count)"])

        while running {
            for event in loop.wait(timeout: .seconds(30)) {
                switch event {
                case .key(let key):
                    if let intent = keys.intent(for: key, overlay: view.overlay) { presenter.handle(intent) }
                case .resize:
                    presenter.handle(.resize(visibleRows: view.listRowCount))
                case .wake:
                    interactor.refresh()
                case .timeout:
                    presenter.refreshDates()
                case .signal(let number):
                    logger.info("quitting on signal", metadata: ["signal": "\(number)"])
                    running = false
                case .inputClosed:
                    logger.info("quitting: the terminal went away")
                    running = false
                }
            }
        }
        terminal.restore()
        purgeDeletedMoods()
    }

    /// Moods deleted that no server ever saw are deleted for good on the way in and out: in
    /// between, `u` can bring them back.
    private func purgeDeletedMoods() {
        do {
            let purged = try store.write(origin: .ui) { try $0.purgeDeletedNeverUploaded() }
            if purged > 0 { logger.info("purged deleted moods", metadata: ["count": "\(purged)"]) }
        } catch {
            logger.error("could not purge deleted moods", metadata: ["error": "\(error)"])
        }
    }
}
