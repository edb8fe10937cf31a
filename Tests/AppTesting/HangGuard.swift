import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time after which a test counts as hung.
    ///
    /// It stops a test that will never end; it is not a speed target (those are measured in
    /// `moodtui-bench`). A loaded two-core machine has run a test that takes seconds alone for
    /// three minutes, so the guard leaves room for that many times over.
    public static var hangGuard: Self { .timeLimit(.minutes(10)) }
}
