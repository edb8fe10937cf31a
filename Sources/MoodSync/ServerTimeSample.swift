import MoodKit

/// One reading of the server's clock against this device's: the server's time in an answer, and
/// this device's clock as the request left and as the answer came back. The server read its
/// clock somewhere in between; the middle is the best guess, off by at most half the round trip.
struct ServerTimeSample: Sendable {
    /// This device's clock as the request left, in milliseconds since 1970.
    var sent: Int64
    /// The server's clock in its answer.
    var server: Int64
    /// This device's clock as the answer came back.
    var received: Int64

    /// This device's clock minus the server's; `nil` when a clock reads outside
    /// ``MoodDateRange`` (a server's hostile or broken time is not believed).
    var skew: ClockSkew? {
        let range = MoodDateRange.milliseconds
        guard range.contains(sent), range.contains(received), range.contains(server) else { return nil }
        return ClockSkew(milliseconds: (sent + received) / 2 - server)
    }

    /// Runs `request`, reading `clock` before and after it.
    static func measure<Answer: Sendable>(
        with clock: WallClock, serverTime: (Answer) -> Int64, _ request: @Sendable () async throws -> Answer
    ) async throws -> (Answer, ServerTimeSample) {
        let sent = clock.now().millisecondsSince1970
        let answer = try await request()
        let sample = ServerTimeSample(sent: sent, server: serverTime(answer), received: clock.now().millisecondsSince1970)
        return (answer, sample)
    }
}
