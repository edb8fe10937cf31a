// Test traits: a release build of the whole package (the benchmark's) has no Testing module.
#if canImport(Testing)
import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time after which a test counts as hung.
    ///
    /// Past it the test fails and its task is cancelled: an async test stops at its next wait,
    /// one blocked in a system call is reported and waited for. It is not a speed target (those
    /// are measured in `moodtui-bench`): a loaded two-core machine has run a test that takes
    /// seconds alone for three minutes, so the guard leaves room for that many times over.
    public static var hangGuard: Self { .timeLimit(.minutes(10)) }
}
#endif
