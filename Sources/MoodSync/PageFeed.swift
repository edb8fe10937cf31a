import Synchronization

/// The pages of one download, fetched one request after another ahead of the journal. While the
/// journal applies what has arrived, the next pages are on their way, and the pages that pile up
/// meanwhile are taken together, for one transaction: a transaction's cost is mostly its commit,
/// which writes out every index page the transaction touched. At most `window` pages wait, so
/// memory stays bounded however far behind the journal is.
///
/// ``run(_:)`` fetches, in a child task of the download; ``take()`` hands over what arrived.
final class PageFeed<Page: Sendable>: Sendable {
    /// Why fetching stopped.
    enum Ending {
        /// The page with nothing after it arrived.
        case lastPage
        /// A fetch failed, or the fetching task was cancelled.
        case failed(any Error)
    }

    /// Where fetching stands.
    private enum Fetching {
        case running
        /// `window` pages wait to be taken; fetching goes on when they are.
        case waitingForRoom(CheckedContinuation<Void, Never>)
        case ended(Ending)
    }

    private struct State {
        var ready: [Page] = []
        var fetching = Fetching.running
        /// A ``take()`` waiting for a page or the end.
        var taker: CheckedContinuation<Void, Never>?
    }

    /// The most pages waiting to be taken.
    let window: Int
    private let state = Mutex(State())

    init(window: Int) {
        precondition(window > 0, "a feed holds at least one page")
        self.window = window
    }

    /// Fetches page after page: `next(nil)` is the first, `next(page)` the one after `page`, or
    /// `nil` when `page` was the last. Returns at the last page, at a failure (handed to
    /// ``take()`` after the pages before it), or when its task is cancelled.
    func run(_ next: @Sendable (_ after: Page?) async throws -> Page?) async {
        var previous: Page?
        while await roomForAPage() {
            do {
                guard let page = try await next(previous) else { return end(.lastPage) }
                deliver(page)
                previous = page
            } catch {
                return end(.failed(error))
            }
        }
    }

    /// Every page that has arrived, oldest first, and at least one: waits for one.
    /// - Throws: the failure that ended fetching, once the pages fetched before it were taken;
    ///   ``FeedEnded`` when the last page was taken already.
    func take() async throws -> [Page] {
        while true {
            let (pages, ending, producer): ([Page], Ending?, CheckedContinuation<Void, Never>?) = state.withLock { state in
                guard state.ready.isEmpty else {
                    defer { state.ready = [] }
                    guard case .waitingForRoom(let producer) = state.fetching else { return (state.ready, nil, nil) }
                    state.fetching = .running
                    return (state.ready, nil, producer)
                }
                if case .ended(let ending) = state.fetching { return ([], ending, nil) }
                return ([], nil, nil)
            }
            producer?.resume()
            if !pages.isEmpty { return pages }
            switch ending {
            case .failed(let error): throw error
            case .lastPage: throw FeedEnded()
            case nil: await waitForAPageOrTheEnd()
            }
        }
    }

    /// Thrown by ``take()`` after the last page was taken.
    struct FeedEnded: Error {}

    private func deliver(_ page: Page) {
        let taker = state.withLock { state in
            state.ready.append(page)
            defer { state.taker = nil }
            return state.taker
        }
        taker?.resume()
    }

    private func end(_ ending: Ending) {
        let taker = state.withLock { state in
            if case .running = state.fetching { state.fetching = .ended(ending) }
            defer { state.taker = nil }
            return state.taker
        }
        taker?.resume()
    }

    /// Waits while `window` pages wait; `false` once fetching ended (its task was cancelled).
    private func roomForAPage() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    guard case .running = state.fetching, state.ready.count >= window else { return true }
                    state.fetching = .waitingForRoom(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let (waiting, taker) = state.withLock { state -> (CheckedContinuation<Void, Never>?, CheckedContinuation<Void, Never>?) in
                var waiting: CheckedContinuation<Void, Never>?
                switch state.fetching {
                case .ended: return (nil, nil)
                case .waitingForRoom(let producer): waiting = producer
                case .running: break
                }
                state.fetching = .ended(.failed(CancellationError()))
                defer { state.taker = nil }
                return (waiting, state.taker)
            }
            waiting?.resume()
            taker?.resume()
        }
        return state.withLock { state in
            if case .ended = state.fetching { return false }
            return true
        }
    }

    private func waitForAPageOrTheEnd() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if !state.ready.isEmpty { return true }
                if case .ended = state.fetching { return true }
                state.taker = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
