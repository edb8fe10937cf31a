import Foundation

/// Runs blocking work — the terminal UI loop, `watch`'s wait for commits, a benchmark's device —
/// on a thread of its own and awaits it, so that it never holds one of Swift concurrency's few
/// pool threads (which the sync engines need).
public enum DedicatedThread {
    /// Starts a thread named `name` that runs `body`, and returns what `body` returns or throws.
    public static func run<T: Sendable>(name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.name = name
            thread.start()
        }
    }
}
