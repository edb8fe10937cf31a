import Dispatch
import MoodKit
import MoodStore
import Synchronization

/// The journal's activities, the most used first, for the form's completion: read once and again
/// after commits that may change them — in the background when searches are, so that opening
/// the form never waits for a read of every activity of a big journal (a tenth of a second for a
/// million moods). Reads asked for while one runs make one more read after it. A form opened
/// before a background read finished, or open while a commit brings a new activity, gets the
/// names when they are read (``takeNewNames()``).
final class ActivitySuggestions: Sendable {
    private struct State {
        var names: [ActivityName] = []
        var reading = false
        var readAgain = false
        /// Whether a read found other names than ``takeNewNames()`` last handed out.
        var unseen = false
    }

    private let state = Mutex(State())
    private let store: JournalStore
    private let execution: SearchExecution

    init(store: JournalStore, execution: SearchExecution) {
        self.store = store
        self.execution = execution
        reload()
    }

    /// The latest names read.
    var names: [ActivityName] { state.withLock { $0.names } }

    /// The names a background read brought since the last call, if they differ from what was
    /// there before it; `nil` otherwise.
    func takeNewNames() -> [ActivityName]? {
        state.withLock { state in
            defer { state.unseen = false }
            return state.unseen ? state.names : nil
        }
    }

    /// Reads the names again.
    func reload() {
        switch execution {
        case .inline:
            let names = (try? store.read { try $0.activityNamesByUse() }) ?? []
            state.withLock { state in
                state.unseen = state.unseen || state.names != names
                state.names = names
            }
        case .background(let wake):
            let start = state.withLock { state in
                guard !state.reading else { state.readAgain = true; return false }
                state.reading = true
                return true
            }
            if start { DispatchQueue.global(qos: .utility).async { self.readInBackground(wake: wake) } }
        }
    }

    private func readInBackground(wake: @Sendable () -> Void) {
        while true {
            let names = (try? store.read { try $0.activityNamesByUse() }) ?? []
            let (again, changed) = state.withLock { state in
                let changed = state.names != names
                state.names = names
                state.unseen = state.unseen || changed
                defer { state.readAgain = false }
                state.reading = state.readAgain
                return (state.readAgain, changed)
            }
            if changed { wake() }
            if !again { return }
        }
    }
}
