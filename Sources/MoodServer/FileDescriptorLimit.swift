#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many files the process may open (`RLIMIT_NOFILE`): every client's socket takes one, so
/// this bounds how many connections the server can hold.
///
/// A shell usually hands a process a soft limit (often 1024) far below the hard one the system
/// allows; the server raises it at start so that its connection cap, not the shell, decides.
public enum FileDescriptorLimit {
    /// The soft limit in force.
    public static var current: Int {
        var limit = rlimit()
        guard getrlimit(resourceNumber, &limit) == 0 else { return 1_024 }
        return clamp(limit.rlim_cur)
    }

    /// Raises the soft limit to the hard one (keeping it where it is if the system refuses);
    /// returns the limit in force afterwards.
    @discardableResult
    public static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(resourceNumber, &limit) == 0 else { return current }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            _ = setrlimit(resourceNumber, &raised)
        }
        return current
    }

    #if canImport(Glibc)
    private static let resourceNumber = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resourceNumber = RLIMIT_NOFILE
    #endif

    /// An `rlim_t` as an `Int` (an unlimited one is `Int.max`).
    private static func clamp(_ value: rlim_t) -> Int {
        value > rlim_t(Int.max) ? Int.max : Int(value)
    }
}
