import AppTesting
import Foundation
import MoodKit
import MoodSealing
import MoodStore
import MoodSync
import SyncProtocol
import SyncTesting
import Testing

/// The liar's storm: three devices of one sealed account and the recipient of a share do random
/// work against a real `moodtui serve`, while every answer the devices' engines hear may be
/// rewritten by a seeded ``Liar`` (a quarter of them: changes dropped, replayed, reordered, made
/// up; conflicts and deletions for moods never sent; heads withdrawn, older, unsigned or under
/// other keys; setups that do not open; share lists from before a revocation; skewed clocks; any
/// refusal at any moment). After every round the devices are held to what they wrote:
///
/// - **no loss without a signature:** a mood leaves a device only when a person deleted it;
/// - **nothing made up:** no device holds a mood that no device wrote, and nothing went up
///   readable;
/// - **the share's scope holds:** the recipient shows no mood dated before the share's start;
/// - **no crash, no hang:** every sync returns, and every refusal is said in words.
///
/// Then the liar stops, and the devices must come to hold the same moods, exactly those written
/// and not deleted; one that does not is a violation, and a second one if it says "synced" while
/// it lacks a mood the server holds (silent withholding).
///
/// 40 rounds a run; `MOODTUI_LIAR_ROUNDS=2000` runs more, `MOODTUI_SEED=N` replays a seed.
@Suite(.serialized, .hangGuard, .ownThread) struct LiarStormTests {
    static let rounds = ProcessInfo.processInfo.environment["MOODTUI_LIAR_ROUNDS"].flatMap(Int.init) ?? 40
    static let seed = TestSeed.chosen()

    @Test func devicesKeepEveryRuleWhileTheServerLies() async throws {
        let seed = Self.seed
        var random = SeededGenerator(seed: seed)
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let liar = Liar(seed: seed)
        var devices: [LiveDevice] = []
        for name in ["laptop", "phone", "tablet"] { devices.append(try await LiveDevice(server: server, named: name, liar: liar)) }
        let shareSince = Date().millisecondsSince1970 - 86_400_000
        let invitation = try await devices[0].share(named: "therapist", scope: ShareScope(since: shareSince))
        let recipient = try await ShareRecipient(invitation: invitation)
        var ledger = LiarLedger(devices: devices.count)
        liar.lie(atRate: 0.25)

        for round in 0..<Self.rounds {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = Int.random(in: 0..<devices.count, using: &random)
                try ledger.work(on: devices[index], index: index, round: round, using: &random)
            }
            for index in devices.indices.shuffled(using: &random) {
                ledger.synced(index, saying: await Self.syncOnce(devices[index]))
            }
            ledger.recipientSynced(saying: await Self.syncOnce(recipient.engine))
            try ledger.check(devices, recipient: recipient, shareSince: shareSince, plaintextSeen: liar.plaintextSeen, round: round)
        }

        liar.stopLying()
        let expected = ledger.live
        var settled = Array(repeating: false, count: devices.count)
        var lastSync: [String?] = Array(repeating: nil, count: devices.count)
        for _ in 0..<8 where settled.contains(false) {
            for (index, device) in devices.enumerated() {
                lastSync[index] = await Self.syncOnce(device)
                ledger.synced(index, saying: lastSync[index])
                settled[index] = Set(try device.list().keys) == expected
            }
        }
        for index in settled.indices where !settled[index] {
            let held = Set(try devices[index].list().keys)
            // No silent withholding: a device still short of what the server holds must say so.
            let missing = try await Self.moodsOnTheServer(devices[index]).subtracting(held)
            let waiting = try await devices[index].store.read { try $0.syncBacklog() }.waiting
            if lastSync[index] == nil, waiting == 0, !missing.isEmpty {
                ledger.violation("device \(index) says it synced while it lacks \(missing.count) moods the server holds")
            }
            ledger.violation(
                "device \(index) did not come to hold the moods written once the server was honest: \(expected.subtracting(held).count) "
                    + "missing, \(held.subtracting(expected).count) too many; it last said: \(ledger.lastWords[index] ?? "nothing")")
        }
        let told = liar.told
        print("""
            liar storm, seed \(seed): \(Self.rounds) rounds, \(told.count) lies told (\(Set(told.map { "\($0)" }).count) kinds), \
            \(ledger.checks) invariant checks, \(ledger.violations.count) violations, \(ledger.refusals) refusals in words
            """)
        let violations = ledger.violations
        #expect(violations.isEmpty, "seed \(seed): \(violations.count) violations:\n\(violations.prefix(10).joined(separator: "\n"))")
        await server.stop()
    }

    /// The ids of the moods the server holds for `device`'s account, as it tells a device that
    /// hears it directly.
    private static func moodsOnTheServer(_ device: LiveDevice) async throws -> Set<Mood.ID> {
        var ids: Set<Mood.ID> = [], token: ChangeToken?
        while true {
            let page = try await device.remote.changes(since: token, limit: 1_000)
            for case .upsert(let mood) in page.changes { ids.insert(mood.id) }
            guard page.more else { return ids }
            token = page.token
        }
    }

    /// One round of `engine`, as `moodtui sync --once`; what it said if it did not sync.
    private static func syncOnce(_ device: LiveDevice) async -> String? {
        await syncOnce(device.makeEngine())
    }

    private static func syncOnce(_ engine: SyncCoordinator) async -> String? {
        do {
            _ = try await engine.syncOnce()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
