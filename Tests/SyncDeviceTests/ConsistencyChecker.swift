import MoodKit

/// Checks what devices showed against what people did, as Jepsen-style checkers do: not only
/// "everyone agreed in the end", but that no device, at any moment it was looked at, showed
/// something sync must never show. Each anomaly comes with the operations that show it.
///
/// The rules, per device and mood (a mood is *shown* while the device's journal holds it, marked
/// for deletion or not: a mood deleted on screen stays in the journal for the undo window):
/// - **read-your-writes**: after a person's add or edit on a device returned, that device shows the
///   mood with the written field at the written stamp or a later one, until a deletion (anyone's)
///   takes the mood away;
/// - **monotonic reads**: a field once shown at a stamp is never shown at an older one;
/// - **no mood brought back**: a mood gone from a device never shows there again, and it goes
///   only once some device began deleting it;
/// - **writes-follow-reads**: a device that shows an edit shows every field at least as new as the
///   editing device had seen it when it edited.
struct ConsistencyChecker {
    /// A person's change, with the stamps it gave the mood.
    struct Write {
        enum Kind: Equatable {
            /// A new mood, with its stamps.
            case add(MoodStamps)
            /// The field written, the stamps the device showed just before, and those after.
            case edit(StampedField, before: MoodStamps, after: MoodStamps)
            /// A deletion, and when it began: a look begun before cannot have seen it.
            case delete(began: ContinuousClock.Instant)
        }

        let device: Int
        let mood: Mood.ID
        let kind: Kind
        /// When the write had returned: every look the device began after it sees it.
        let returned: ContinuousClock.Instant

        /// When the mood's deletion began, if this is one.
        var deletionBegan: ContinuousClock.Instant? {
            if case .delete(let began) = kind { began } else { nil }
        }
    }

    /// One look at a mood on a device, begun at `began`: its stamps, or `nil` when the journal
    /// did not hold it.
    struct Observation {
        let device: Int
        let mood: Mood.ID
        let stamps: MoodStamps?
        let began: ContinuousClock.Instant
    }

    /// The fields a mood carries a stamp for.
    enum StampedField: CaseIterable, CustomStringConvertible {
        case level, note, date

        func stamp(in stamps: MoodStamps) -> HybridTimestamp {
            switch self {
            case .level: stamps.level
            case .note: stamps.note
            case .date: stamps.date
            }
        }

        var description: String {
            switch self {
            case .level: "level"
            case .note: "note"
            case .date: "date"
            }
        }
    }

    /// What a device showed that it must not have, in words, with the operations that show it.
    struct Anomaly: CustomStringConvertible {
        enum Rule: String {
            case readYourWrites = "read-your-writes"
            case monotonicReads = "monotonic reads"
            case broughtBack = "a mood brought back"
            case goneWithoutDeletion = "a mood gone with no deletion"
            case writesFollowReads = "writes-follow-reads"
        }

        let rule: Rule
        let device: Int
        let mood: Mood.ID
        let evidence: [String]

        var description: String {
            "\(rule.rawValue) on device \(device), mood \(mood):\n" + evidence.map { "  - \($0)" }.joined(separator: "\n")
        }
    }

    let writes: [Write]
    let observations: [Observation]

    /// Every anomaly, in the order of devices and moods.
    func anomalies() -> [Anomaly] {
        var deletions = Deletions()
        for write in writes {
            if let began = write.deletionBegan { deletions.note(write.mood, began: began) }
        }
        let looks = Dictionary(grouping: observations) { Key(device: $0.device, mood: $0.mood) }.mapValues { $0.sorted { $0.began < $1.began } }
        let looksByMood = Dictionary(grouping: observations, by: \.mood)
        var found: [Anomaly] = []
        for (key, history) in looks.sorted(by: { ($0.key.device, $0.key.mood.uuidString) < ($1.key.device, $1.key.mood.uuidString) }) {
            found += monotonicAndPresence(key, history, deletions: deletions)
        }
        for write in writes {
            found += readYourWrites(write, looks[Key(device: write.device, mood: write.mood)] ?? [], deletions: deletions)
        }
        for write in writes {
            guard case .edit(let field, let before, let after) = write.kind else { continue }
            for observation in looksByMood[write.mood] ?? [] {
                guard let shown = observation.stamps, field.stamp(in: shown) == field.stamp(in: after) else { continue }
                let older = StampedField.allCases.filter { $0.stamp(in: shown) < $0.stamp(in: before) }
                guard !older.isEmpty else { continue }
                found.append(Anomaly(rule: .writesFollowReads, device: observation.device, mood: write.mood, evidence: [
                    "device \(write.device) had seen \(describe(before)) when it wrote the \(field) at \(field.stamp(in: after))",
                    "device \(observation.device) showed that \(field) with \(older.map(\.description).joined(separator: ", ")) older: \(describe(shown))",
                ]))
            }
        }
        return found
    }

    private struct Key: Hashable {
        let device: Int
        let mood: Mood.ID
    }

    /// When each mood's first deletion began: what may explain its absence from a look begun later.
    private struct Deletions {
        private var began: [Mood.ID: ContinuousClock.Instant] = [:]

        mutating func note(_ mood: Mood.ID, began instant: ContinuousClock.Instant) {
            began[mood] = min(began[mood] ?? instant, instant)
        }

        func explain(_ mood: Mood.ID, goneAt look: Observation) -> Bool {
            began[mood].map { $0 < look.began } ?? false
        }
    }

    private func monotonicAndPresence(_ key: Key, _ history: [Observation], deletions: Deletions) -> [Anomaly] {
        var found: [Anomaly] = []
        var lastShown: Observation?
        var goneAt: Observation?
        for observation in history {
            guard let stamps = observation.stamps else {
                if let lastShown, goneAt == nil {
                    goneAt = observation
                    if !deletions.explain(key.mood, goneAt: observation) {
                        found.append(Anomaly(rule: .goneWithoutDeletion, device: key.device, mood: key.mood, evidence: [
                            "shown with \(describe(lastShown.stamps!)) at look \(index(of: lastShown, in: history))",
                            "gone at look \(index(of: observation, in: history)), and no device had begun deleting it",
                        ]))
                    }
                }
                continue
            }
            if let goneAt {
                found.append(Anomaly(rule: .broughtBack, device: key.device, mood: key.mood, evidence: [
                    "gone at look \(index(of: goneAt, in: history))",
                    "shown again with \(describe(stamps)) at look \(index(of: observation, in: history))",
                ]))
                return found
            }
            if let previous = lastShown?.stamps {
                let older = StampedField.allCases.filter { $0.stamp(in: stamps) < $0.stamp(in: previous) }
                if !older.isEmpty {
                    found.append(Anomaly(rule: .monotonicReads, device: key.device, mood: key.mood, evidence: [
                        "shown with \(describe(previous)) at look \(index(of: lastShown!, in: history))",
                        "then with \(older.map(\.description).joined(separator: ", ")) older: \(describe(stamps)) at look \(index(of: observation, in: history))",
                    ]))
                }
            }
            lastShown = observation
        }
        return found
    }

    private func readYourWrites(_ write: Write, _ history: [Observation], deletions: Deletions) -> [Anomaly] {
        let (fields, written): ([StampedField], MoodStamps)
        switch write.kind {
        case .add(let stamps): (fields, written) = (StampedField.allCases, stamps)
        case .edit(let field, _, let after): (fields, written) = ([field], after)
        case .delete: return []  // asks nothing of what the device shows
        }
        for observation in history where observation.began > write.returned {
            guard let shown = observation.stamps else {
                if deletions.explain(write.mood, goneAt: observation) { return [] }  // the device may have taken the deletion
                return [Anomaly(rule: .readYourWrites, device: write.device, mood: write.mood, evidence: [
                    "the device wrote \(describe(write)) and it returned",
                    "a look begun after it found no such mood, and no device had begun deleting it",
                ])]
            }
            let older = fields.filter { $0.stamp(in: shown) < $0.stamp(in: written) }
            if !older.isEmpty {
                return [Anomaly(rule: .readYourWrites, device: write.device, mood: write.mood, evidence: [
                    "the device wrote \(describe(write)) and it returned",
                    "a look begun after it showed \(older.map(\.description).joined(separator: ", ")) older: \(describe(shown))",
                ])]
            }
        }
        return []
    }

    private func index(of observation: Observation, in history: [Observation]) -> Int {
        history.firstIndex { $0.began == observation.began && $0.stamps == observation.stamps } ?? -1
    }

    private func describe(_ stamps: MoodStamps) -> String {
        "level \(stamps.level), note \(stamps.note), date \(stamps.date)"
    }

    private func describe(_ write: Write) -> String {
        switch write.kind {
        case .add(let stamps): "an add (\(describe(stamps)))"
        case .edit(let field, _, let after): "its \(field) at \(field.stamp(in: after))"
        case .delete: "a deletion"
        }
    }
}
