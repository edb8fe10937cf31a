import AppTesting
import Foundation
import Testing

/// `.ownThread` moves a suite's tests off the concurrency pool, including the code they run after
/// an `await`.
@Suite(.ownThread) struct OwnThreadTests {
    @Test func aSynchronousTestRunsOnItsOwnThread() {
        #expect(OwnThreadTrait.isCurrent)
    }

    @Test func anAsyncTestStaysThereAfterItWaits() async throws {
        try await Task.sleep(for: .milliseconds(1))
        #expect(OwnThreadTrait.isCurrent)
    }
}

/// Without the trait a test runs where Swift Testing puts it: on the pool.
@Suite struct PoolThreadTests {
    @Test func aTestWithoutTheTraitRunsOnThePool() {
        #expect(!OwnThreadTrait.isCurrent)
    }
}
