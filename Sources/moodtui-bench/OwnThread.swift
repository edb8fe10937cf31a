import Foundation

/// Runs blocking work on a thread of its own and awaits it, off the concurrency pool the sync
/// engines need (as the app runs its UI thread).
enum OwnThread {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
}
