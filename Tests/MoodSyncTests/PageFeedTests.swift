import AppTesting
@testable import MoodSync
import Synchronization
import Testing

/// A download's pages are fetched ahead of the journal, at most a window of them, and handed
/// over all at once: in order, the failure that stopped fetching last.
@Suite(.hangGuard) struct PageFeedTests {
    struct Refused: Error, Equatable {}

    /// Counts the pages fetched.
    final class Fetches: Sendable {
        private let count = Mutex(0)
        func next() -> Int { count.withLock { count in defer { count += 1 }; return count } }
        var value: Int { count.withLock { $0 } }
    }

    /// Pages numbered from 0; `lastPage` has nothing after it, and the fetch of `failing` fails.
    private func fetching(_ feed: PageFeed<Int>, lastPage: Int? = nil, failing: Int? = nil, fetches: Fetches) async {
        await feed.run { after in
            if let after, after == lastPage { return nil }
            let page = fetches.next()
            if page == failing { throw Refused() }
            return page
        }
    }

    /// Takes pages until the feed ends, returning them and how it ended.
    private func takeAll(_ feed: PageFeed<Int>) async -> (pages: [Int], ending: any Error) {
        var pages: [Int] = []
        while true {
            do { pages += try await feed.take() } catch { return (pages, error) }
        }
    }

    @Test func everyPageArrivesInOrderAndTheLastEndsTheFeed() async throws {
        let feed = PageFeed<Int>(window: 3)
        let fetches = Fetches()
        async let fetched: Void = fetching(feed, lastPage: 9, fetches: fetches)
        let (pages, ending) = await takeAll(feed)
        await fetched
        #expect(pages == Array(0...9))
        #expect(ending is PageFeed<Int>.FeedEnded)
    }

    /// Fetching stops while a window of pages waits: a journal far behind holds no more than
    /// that. The pages that waited are taken together, for one transaction.
    @Test func fetchingWaitsWhileAWindowOfPagesWaitsAndTheyAreTakenTogether() async throws {
        let feed = PageFeed<Int>(window: 4)
        let fetches = Fetches()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await fetching(feed, fetches: fetches) }
            try #require(await waitUntil { fetches.value == 4 })
            #expect(try await feed.take() == [0, 1, 2, 3], "every page waiting, and no more than the window")
            try #require(await waitUntil { fetches.value == 8 })
            #expect(try await feed.take() == [4, 5, 6, 7])
            group.cancelAll()  // fetching waits for room: the cancellation ends it
        }
    }

    @Test func aFailureIsHandedOverAfterThePagesFetchedBeforeIt() async throws {
        let feed = PageFeed<Int>(window: 8)
        let fetches = Fetches()
        async let fetched: Void = fetching(feed, failing: 3, fetches: fetches)
        let (pages, ending) = await takeAll(feed)
        await fetched
        #expect(pages == [0, 1, 2])
        #expect(ending as? Refused == Refused())
    }

    /// A download cancelled while it waits for a page stops waiting.
    @Test func cancellingTheFetchingWakesATakeThatWaits() async throws {
        let feed = PageFeed<Int>(window: 2)
        let task = Task {
            await feed.run { _ in
                try await Task.sleep(for: .seconds(3_600))  // a server that never answers
                return 0
            }
        }
        let taken = Task { try await feed.take() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await taken.value }
    }
}
