import Foundation
@testable import moodtui
import Testing

/// The import's bar: nothing for a command that ends within a second, then a bar redrawn at each
/// whole percent, wiped before the summary.
@Suite struct ProgressBarTests {
    final class Recorder: @unchecked Sendable {
        var written: [String] = []
        var elapsed = Duration.zero
        let start = ContinuousClock.now
    }

    private func bar(_ recorder: Recorder) -> ProgressBar {
        ProgressBar(label: "Importing d.csv", output: { recorder.written.append($0) }, now: { recorder.start + recorder.elapsed })
    }

    @Test func nothingIsDrawnWithinTheFirstSecond() {
        let recorder = Recorder()
        let bar = bar(recorder)
        recorder.elapsed = .milliseconds(999)
        bar.update(0.8)
        bar.finish()
        #expect(recorder.written.isEmpty)
    }

    @Test func afterASecondTheBarShowsEachWholePercentOnceAndIsWipedAtTheEndForGood() {
        let recorder = Recorder()
        let bar = bar(recorder)
        recorder.elapsed = .milliseconds(1_200)
        bar.update(0.45)
        bar.update(0.455)
        bar.update(1.0)
        bar.finish()
        bar.update(0.9)
        bar.finish()
        #expect(recorder.written == [
            "\rImporting d.csv [#############                 ] 45%",
            "\rImporting d.csv [##############################] 100%",
            "\r\u{1B}[K",
        ])
    }
}
