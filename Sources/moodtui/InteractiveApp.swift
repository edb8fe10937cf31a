import Foundation
import Logging
import MoodListModule
import MoodListScreen
import MoodKit
import MoodStore
import MoodSync
import TerminalUI

/// The interactive journal: wires the VIPER module to the terminal and runs the UI thread's loop.
///
/// Everything here runs on one thread. It sleeps in `poll()` until a key, a resize, a signal or a
/// wake-up from the journal watcher or the sync engine arrives — no busy loop, no redraw on a
/// timer other than refreshing relative dates, ending highlights and the retry countdown.
/// When the journal is logged in, its sync engine runs in the background meanwhile: one engine
/// for the journal on screen, as the person switches between their own and the shares they hold.
final class InteractiveApp {
    private let first: OpenedJournal
    private let firstIntent: MoodListIntent?
    private let journals: JournalCycle
    private let logger: Logger
    private let options: TerminalOptions

    /// What a session on one journal ended with.
    private enum SessionEnd {
        case quit
        /// The person asked for the next journal, which is open.
        case switchTo(OpenedJournal)
    }

    /// - Parameters:
    ///   - first: the journal shown first.
    ///   - firstIntent: what to do on the first journal as it opens (`moodtui a` opens the
    ///     form for a new mood).
    ///   - journals: the journals `J` goes through.
    init(first: OpenedJournal, firstIntent: MoodListIntent? = nil, journals: JournalCycle, options: TerminalOptions, logger: Logger) {
        self.first = first
        self.firstIntent = firstIntent
        self.journals = journals
        self.options = options
        self.logger = logger
    }

    /// Runs until the person quits or a signal arrives; the terminal is restored on every way out.
    func run() throws {
        purgeDeletedMoods(first.store)
        let terminal = Terminal()
        try terminal.start(options: options)
        defer { terminal.restore() }
        let loop = try TerminalEventLoop()
        // The loop's signal handlers must outlive the final purge below: keep it alive until then.
        defer { withExtendedLifetime(loop) {} }
        var journal = first
        var intent = firstIntent
        while case .switchTo(let next) = try session(journal, opening: intent, terminal: terminal, loop: loop) {
            purgeDeletedMoods(journal.store)
            journal = next
            intent = nil
        }
        terminal.restore()
        purgeDeletedMoods(journal.store)
    }

    /// The list on `journal`, with its watcher and sync engine, until the person quits or
    /// switches journals; `intent` is handled once the list is on screen.
    private func session(
        _ journal: OpenedJournal, opening intent: MoodListIntent?, terminal: Terminal, loop: TerminalEventLoop
    ) throws -> SessionEnd {
        let store = journal.store
        var end: SessionEnd?
        let waker = loop.waker
        let changes = Inbox<JournalChange>()
        let watcher = try JournalWatcher(store: store) { batch in
            changes.post(batch)
            waker.wake()
        }
        defer { watcher.stop() }
        let statuses = Inbox<SyncStatus>()
        let sync = journal.makeSyncEngine.map { make in
            let engine = make { status in
                statuses.post([status])
                waker.wake()
            }
            return Task { await engine.run() }
        }
        defer { sync?.cancel() }

        let interactor = try MoodListInteractor(store: store, searchExecution: .background(wake: { waker.wake() }))
        let router = MoodListAppRouter(
            onQuit: { end = .quit },
            onSwitchJournal: { [journals, logger] in
                guard let next = journals.next(after: store.path) else { return false }
                do {
                    end = .switchTo(try journals.open(next))
                    return true
                } catch {
                    logger.error("cannot open the next journal", metadata: ["path": "\(next)", "error": "\(error)"])
                    return false
                }
            })
        let presenter = MoodListPresenter(interactor: interactor, router: router, keyGuide: MoodListKeyMap.guide, dateStyle: Settings.dateStyle,
            firstWeekday: Settings.firstWeekday)
        let view = MoodListScreenView(screen: terminal.screen, colorSupport: terminal.colorSupport)
        let keys = MoodListKeyMap()
        interactor.output = presenter
        presenter.view = view
        presenter.viewDidLoad(visibleRows: view.listRowCount)
        if sync != nil { interactor.syncStatusDidChange(SyncStatus(state: .syncing)) }
        if let intent { presenter.handle(intent) }
        logger.info("opened journal", metadata: ["path": "\(store.path)", "moods": "\(interactor.count)"])

        while end == nil {
            let timeout = presenter.nextTimedChange.map { Duration.milliseconds(max(10, Int($0.timeIntervalSinceNow * 1000))) }
            for event in loop.wait(timeout: min(timeout ?? .seconds(30), .seconds(30))) {
                switch event {
                case .key(let key):
                    if let intent = keys.intent(for: key, overlay: view.overlay) { presenter.handle(intent) }
                case .mouse(let mouse):
                    for intent in view.intents(for: mouse) { presenter.handle(intent) }
                case .resize, .resumed:
                    presenter.handle(.resize(visibleRows: view.listRowCount))
                case .wake:
                    interactor.journalDidChange(changes.takeAll())
                    if let status = statuses.takeAll().last { interactor.syncStatusDidChange(status) }
                case .timeout:
                    presenter.timeDidPass()
                case .signal(let number):
                    logger.info("quitting on signal", metadata: ["signal": "\(number)"])
                    end = .quit
                case .inputClosed:
                    logger.info("quitting: the terminal went away")
                    end = .quit
                }
            }
        }
        return end ?? .quit
    }

    /// Moods deleted that no server ever saw are deleted for good on the way in and out: in
    /// between, `u` can bring them back. A journal that holds a share has none.
    private func purgeDeletedMoods(_ store: JournalStore) {
        guard (try? store.setting(.sharedBy)) == nil else { return }
        do {
            let purged = try store.write(origin: .ui) { try $0.purgeDeletedNeverUploaded() }
            if purged > 0 { logger.info("purged deleted moods", metadata: ["count": "\(purged)"]) }
        } catch {
            logger.error("could not purge deleted moods", metadata: ["error": "\(error)"])
        }
    }
}
