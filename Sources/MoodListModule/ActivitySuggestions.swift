import Dispatch
import MoodKit
import MoodStore
import Synchronization

/// The journal's activities, the most used first, for the form's completion: read once and again
/// after commits that may change them — in the background when searches are, so that opening
/// the form never waits for a read of every activity of a big journal (a tenth of a second for a
/// million moods). Reads asked for while one runs make one more read after it.
final class ActivitySuggestions: Sendable {
    private struct State {
        var names: [ActivityName] = []
        var reading = false
        var readAgain = false
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

    /// Reads the names again.
    func reload() {
        switch execution {
        case .inline:
            let names = (try? store.read { try $0.activityNamesByUse() }) ?? []
            state.withLock { $0.names = names }
        case .background:
            let start = state.withLock { state in
                guard !state.reading else { state.readAgain = true; return false }
                state.reading = true
                return true
            }
            if start { DispatchQueue.global(qos: .utility).async { self.readInBackground() } }
        }
    }

    private func readInBackground() {
        while true {
            let names = (try? store.read { try $0.activityNamesByUse() }) ?? []
            let again = state.withLock { state in
                state.names = names
                defer { state.readAgain = false }
                state.reading = state.readAgain
                return state.readAgain
            }
            if !again { return }
        }
    }
}
