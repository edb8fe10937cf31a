extension TerminalEventLoop {
    /// Wakes the UI thread from any thread: post your event somewhere, then call ``wake()``.
    ///
    /// Coalescing is up to the caller: many wakes before the loop runs yield one or more
    /// ``TerminalEvent/wake`` events in a single ``TerminalEventLoop/wait(timeout:)`` result.
    public struct Waker: Sendable {
        let pipe: WakePipe

        /// Makes the loop's current or next `wait` return ``TerminalEvent/wake``.
        ///
        /// Never blocks; safe from any thread (it writes one byte to a pipe).
        public func wake() {
            pipe.post(WakePipe.wakeByte)
        }
    }
}
