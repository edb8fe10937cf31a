// Test traits: a release build of the whole package (the benchmark's) has no Testing module.
#if canImport(Testing)
import Dispatch
import Testing

/// Runs each test of a suite on a thread of its own rather than on the Swift concurrency pool.
///
/// The terminal and command-line tests wait synchronously: for a child process to exit, for tmux
/// to show a screen. The pool has one thread per core, so on a two-core machine two such tests
/// hold the whole pool and every async test waits behind them, for minutes on a loaded machine.
/// A suite that blocks says so with `.ownThread`, and its waiting costs no one else anything.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(QueueExecutor(label: test.name), operation: function)
    }
}

extension OwnThreadTrait {
    /// Whether the caller runs on a thread given by `.ownThread`.
    public static var isCurrent: Bool { DispatchQueue.getSpecific(key: QueueExecutor.marker) == true }
}

extension Trait where Self == OwnThreadTrait {
    /// The suite's tests block a thread while they wait; give each a thread of its own.
    public static var ownThread: Self { Self() }
}

/// A task executor that runs its jobs on one serial dispatch queue, whose threads libdispatch
/// adds as needed instead of sharing the pool's fixed few.
final class QueueExecutor: TaskExecutor {
    private let queue: DispatchQueue

    /// Marks the queues of these executors, so code can tell it runs on one.
    static let marker = DispatchSpecificKey<Bool>()

    init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.marker, value: true)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
#endif
