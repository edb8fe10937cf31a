import AppTesting
import Foundation
import SyncProtocol
import Synchronization

/// The hostile server's mind, shared by the ``LyingRemote``s of every device of an account: what
/// it has been shown (pages, heads, copies, share lists, ids), which lies it is told to tell next,
/// how often it lies of its own accord, and the log of every lie told.
///
/// Seeded: the same seed and the same calls tell the same lies, so that a failing run can be
/// told again from the seed it printed.
public final class Liar: Sendable {
    private let state: Mutex<State>

    struct State {
        var generator: SeededGenerator
        /// How often a call is answered with a lie of the liar's choosing, from 0 (never) to 1.
        var rate = 0.0
        var script: [Lie.Route: [Lie]] = [:]
        var told: [Lie] = []
        var memory = Memory()
        var plaintextSeen = 0
        var shareEntriesSent: [ShareID: Int] = [:]
    }

    /// What the server has been shown, for lies that replay it.
    struct Memory {
        var pages: [ChangesResponse] = []
        var heads: [AccountHead] = []
        /// Every copy of each mood the feed carried, oldest first.
        var copies: [UUID: [SyncedMood]] = [:]
        var shareLists: [[ListedShare]] = []
        var accountKey: AccountKeyID?
        /// How many earlier items each list keeps.
        static let depth = 16
    }

    public init(seed: UInt64) {
        state = Mutex(State(generator: SeededGenerator(seed: seed)))
    }

    /// From now on, each answer is a lie of the liar's choosing with probability `rate` (0:
    /// honest, unless told to lie with ``tell(_:on:)``).
    public func lie(atRate rate: Double) {
        state.withLock { $0.rate = rate }
    }

    /// From now on every answer is the server's own: the lies told to tell are forgotten.
    public func stopLying() {
        state.withLock { state in
            state.rate = 0
            state.script = [:]
        }
    }

    /// The next answer of `route` is `lie`, whatever the rate (in the order told).
    public func tell(_ lie: Lie, on route: Lie.Route) {
        state.withLock { $0.script[route, default: []].append(lie) }
    }

    /// Every lie told so far, in order.
    public var told: [Lie] { state.withLock { $0.told } }

    /// How many moods went up readable to the server.
    public var plaintextSeen: Int { state.withLock { $0.plaintextSeen } }

    /// How many entries devices sent to each share, told the truth or not.
    public var shareEntriesSent: [ShareID: Int] { state.withLock { $0.shareEntriesSent } }

    func remember(entries: Int, sentTo share: ShareID) {
        state.withLock { $0.shareEntriesSent[share, default: 0] += entries }
    }

    /// The lie for this answer of `route`, if any: a scripted one first, then by chance.
    func choose(for route: Lie.Route) -> Lie? {
        state.withLock { state in
            if var queued = state.script[route], !queued.isEmpty {
                let lie = queued.removeFirst()
                state.script[route] = queued
                state.told.append(lie)
                return lie
            }
            guard state.rate > 0, Double.random(in: 0..<1, using: &state.generator) < state.rate else { return nil }
            let choices = Lie.lies(for: route) + Lie.refusals.map(Lie.refusal)
            let lie = choices.randomElement(using: &state.generator)!
            state.told.append(lie)
            return lie
        }
    }

    /// Runs `body` with the liar's generator and memory, for building a lie.
    func withMemory<Result>(_ body: (inout Memory, inout SeededGenerator) -> Result) -> Result {
        state.withLock { body(&$0.memory, &$0.generator) }
    }

    /// Remembers what an honest answer showed.
    func remember(page: ChangesResponse) {
        state.withLock { state in
            Self.keep(page, in: &state.memory.pages)
            if let head = page.head, !state.memory.heads.contains(head) { Self.keep(head, in: &state.memory.heads) }
            if let key = page.keyID { state.memory.accountKey = key }
            for case .upsert(let mood) in page.changes where state.memory.copies[mood.id]?.last != mood {
                Self.keep(mood, in: &state.memory.copies[mood.id, default: []])
            }
        }
    }

    func remember(shares: [ListedShare]) {
        state.withLock { state in
            if state.memory.shareLists.last != shares { Self.keep(shares, in: &state.memory.shareLists) }
        }
    }

    func remember(uploads: [MoodUpload]) {
        state.withLock { state in
            state.plaintextSeen += uploads.filter { if case .plain = $0.payload { true } else { false } }.count
        }
    }

    private static func keep<Element>(_ element: Element, in list: inout [Element]) {
        list.append(element)
        if list.count > Memory.depth { list.removeFirst(list.count - Memory.depth) }
    }
}
