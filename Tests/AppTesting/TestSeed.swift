import Foundation

/// The seed of a randomized test: a new one each run, or the one in `MOODTUI_SEED`, so that
/// `MOODTUI_SEED=<the seed a failure printed> swift test --filter <that test>` replays the run.
public enum TestSeed {
    /// The environment variable every randomized test reads its seed from.
    public static let variable = "MOODTUI_SEED"

    /// The seed from `MOODTUI_SEED` when it holds one, or a random one; print it with any failure.
    public static func chosen() -> UInt64 {
        ProcessInfo.processInfo.environment[variable].flatMap(UInt64.init) ?? .random(in: 0 ... .max)
    }
}
