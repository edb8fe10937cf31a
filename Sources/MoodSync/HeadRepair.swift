import MoodStore
import SyncProtocol

/// Where a device stands after the server's moods did not match the account's signed head at a
/// change number, kept with the journal (``AccountHeadKeeper``).
///
/// A server can hold a change back from one device alone: its change token moves past the
/// change, and nothing it downloads from then on brings the mood back. So a mismatch is not
/// believed at once:
/// 1. The device reads everything again, from nothing (``rereading(sequence:derived:)``).
/// 2. If the moods now match, it was the one shown less, and is whole again.
/// 3. If they still do not, and its moods derived from a vouched-for state before, the head is
///    the one that lacks something (another device signed what the server showed it): this
///    device gives the account a head over what it holds (``corrected(sequence:)``), so that the
///    device shown less finds the mismatch in turn and reads everything again.
/// 4. Anything else, and a second mismatch at a change number already corrected, stops sync in
///    words (``HeadMismatch``): two devices of the account are being shown two histories.
enum HeadRepair: Hashable, Sendable, StoredAsJSON {
    /// Reading everything again after a mismatch at change `sequence`; `derived` when the
    /// journal's moods derived from a vouched-for state before it.
    case rereading(sequence: Int64, derived: Bool)
    /// This device gave the account a head over what it held at change `sequence`, after reading
    /// everything again.
    case corrected(sequence: Int64)

    /// What to do about a mismatch at `sequence`, given the repair under way (if any) and
    /// whether the journal's moods derive from a vouched-for state.
    static func next(after current: HeadRepair?, mismatchAt sequence: Int64, derived: Bool) -> Step {
        switch current {
        case .rereading(sequence, let derivedBefore): derivedBefore ? .correct : .stop
        case .corrected(sequence): .stop
        default: .readEverythingAgain(.rereading(sequence: sequence, derived: derived))
        }
    }

    /// The next step of a repair.
    enum Step: Hashable, Sendable {
        /// Read everything again, keeping the repair.
        case readEverythingAgain(HeadRepair)
        /// Give the account a head over what this device holds.
        case correct
        /// Say the mismatch in words.
        case stop
    }
}

extension JournalSettingKey {
    /// The ``HeadRepair`` under way, as JSON; cleared when the moods match a head again.
    static let headRepair = JournalSettingKey(rawValue: "sync.headRepair")
}
