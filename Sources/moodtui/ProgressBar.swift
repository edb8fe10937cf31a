import Foundation

/// A bar on a terminal while a long command runs: `Importing [#########           ] 45%`,
/// drawn only once the command has taken a second (a quick one prints its summary and nothing
/// else), redrawn at each whole percent, and wiped before the summary.
final class ProgressBar: @unchecked Sendable {  // every field is used under `lock`
    private let label: String
    private let output: (String) -> Void
    private let now: () -> ContinuousClock.Instant
    private let started: ContinuousClock.Instant
    private let delay: Duration
    private let lock = NSLock()
    private var state = State.waiting

    private enum State {
        /// Nothing drawn yet.
        case waiting
        /// The bar stands at this percent.
        case drawn(percent: Int)
        /// Wiped: a late update (the reading thread's last) draws nothing.
        case finished
    }

    static let width = 30

    /// - Parameters:
    ///   - output: where the bar is written (standard error on a terminal; tests keep it).
    ///   - now: the clock (tests set it).
    ///   - delay: how long the command runs before the bar appears.
    init(
        label: String, output: @escaping (String) -> Void, now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now },
        delay: Duration = .seconds(1)
    ) {
        self.label = label
        self.output = output
        self.now = now
        self.delay = delay
        started = now()
    }

    /// A bar on standard error when it is a terminal; `nil` when it is piped or a file.
    static func onTerminal(label: String) -> ProgressBar? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        return ProgressBar(label: label) { FileHandle.standardError.write(Data($0.utf8)) }
    }

    /// Shows `fraction` (0 to 1) done.
    func update(_ fraction: Double) {
        lock.lock()
        defer { lock.unlock() }
        let percent = Int((max(0, min(1, fraction)) * 100).rounded(.down))
        switch state {
        case .finished: return
        case .drawn(let shown) where shown == percent: return
        case .waiting, .drawn: break
        }
        guard now() - started >= delay else { return }
        state = .drawn(percent: percent)
        let filled = percent * Self.width / 100
        output("\r\(label) [\(String(repeating: "#", count: filled))\(String(repeating: " ", count: Self.width - filled))] \(percent)%")
    }

    /// Wipes the bar, if it was drawn, so that the summary starts a clean line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        defer { state = .finished }
        guard case .drawn = state else { return }
        output("\r\u{1B}[K")
    }
}
