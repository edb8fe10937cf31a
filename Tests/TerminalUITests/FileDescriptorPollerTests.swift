import Foundation
import Testing
@testable import TerminalUI

@Suite struct FileDescriptorPollerTests {
    @Test func aWakeFromAnotherThreadEndsTheWaitPromptly() throws {
        let pipe = try WakePipe()
        let poller = FileDescriptorPoller(inputDescriptor: nil, wakePipe: pipe)
        let waker = TerminalEventLoop.Waker(pipe: pipe)
        let thread = Thread { waker.wake() }
        thread.start()
        // Without the wake this would block for the whole (long) timeout and report it.
        #expect(poller.wait(timeout: .seconds(60)) == PollOutcome(woken: true))
    }

    @Test func manyWakesAreDrainedAtOnce() throws {
        let pipe = try WakePipe()
        let poller = FileDescriptorPoller(inputDescriptor: nil, wakePipe: pipe)
        let waker = TerminalEventLoop.Waker(pipe: pipe)
        for _ in 0..<100 { waker.wake() }
        #expect(poller.wait(timeout: .seconds(30)) == PollOutcome(woken: true))
        #expect(poller.wait(timeout: .milliseconds(10)) == PollOutcome(timedOut: true))
    }

    @Test func nothingWrittenTimesOut() throws {
        let poller = FileDescriptorPoller(inputDescriptor: nil, wakePipe: try WakePipe())
        let started = ContinuousClock.now
        #expect(poller.wait(timeout: .milliseconds(50)) == PollOutcome(timedOut: true))
        #expect(ContinuousClock.now - started >= .milliseconds(50))
    }

    @Test func inputOnTheWatchedDescriptorIsReported() throws {
        let input = try WakePipe()
        let poller = FileDescriptorPoller(inputDescriptor: input.readDescriptor, wakePipe: try WakePipe())
        input.post(0x61)
        #expect(poller.wait(timeout: .seconds(30)) == PollOutcome(inputReady: true))
    }

    @Test func signalAndResizeBytesAreToldApartFromWakes() throws {
        let pipe = try WakePipe()
        let poller = FileDescriptorPoller(inputDescriptor: nil, wakePipe: pipe)
        pipe.post(WakePipe.signalByte)
        pipe.post(WakePipe.resizeByte)
        #expect(poller.wait(timeout: .seconds(30)) == PollOutcome(signalled: true, interrupted: true))
    }

    @Test func timeoutsAreRoundedUpToWholeMilliseconds() {
        #expect(FileDescriptorPoller.milliseconds(nil) == -1)
        #expect(FileDescriptorPoller.milliseconds(.zero) == 0)
        #expect(FileDescriptorPoller.milliseconds(.microseconds(1)) == 1)
        #expect(FileDescriptorPoller.milliseconds(.milliseconds(1500)) == 1500)
        #expect(FileDescriptorPoller.milliseconds(.seconds(-1)) == 0)
    }
}
