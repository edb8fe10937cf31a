import Foundation
import MoodKit

/// Turns moods into rows: the only place that decides how a mood reads on screen.
struct MoodRowFactory {
    let formatter: MoodDateFormatter
    let dateInput: MoodDateInput
    let now: () -> Date
    /// The names of the shares that show a mood.
    let shareNames: (Mood) -> [String]
    /// What the levels are called now.
    let levelWords: () -> LevelWords

    func row(for mood: Mood) -> MoodRowViewModel {
        var row = MoodRowViewModel(
            id: mood.id, level: mood.level, levelName: levelWords().word(for: mood.level), dateText: "",
            note: TerminalSafeText.singleLine(mood.note), sync: mood.sync.summary)
        row.date = mood.date
        row.activities = mood.activities.hashtags
        row.hasScaleValues = !mood.scales.isEmpty
        row.isShared = !shareNames(mood).isEmpty
        return refreshed(row)
    }

    /// The detail view's facts about `mood`; `status` says whether the journal syncs at all.
    func detail(for state: MoodDetailState, status: SyncStatus) -> MoodDetailViewModel {
        let mood = state.mood
        let when = dateInput.text(for: mood.date)
        let relative = formatter.string(for: mood.date, now: now())
        let sync: String = switch mood.sync.summary {
        case .synced: "synced"
        case .waiting where status.state == .localOnly: "local journal (not synced)"
        case .waiting: "waiting for upload"
        case .failed: "refused by the server: " + TerminalSafeText.singleLine(mood.sync.lastError ?? "")
        }
        let facts = [
            MoodDetailViewModel.Fact("Level", "\(mood.level.rawValue) \(levelWords().word(for: mood.level))"),
            MoodDetailViewModel.Fact("Date", relative == when ? when : "\(when) (\(relative))"),
        ] + state.onThisDay.days.map { MoodDetailViewModel.Fact($0.label.prefix(1).uppercased() + $0.label.dropFirst(), OnThisDay.describe($0.content, words: levelWords())) } + [
            MoodDetailViewModel.Fact("Activities", mood.activities.names.isEmpty ? "none" : mood.activities.names.map(\.text).joined(separator: ", ")),
        ] + scaleFacts(of: mood, scales: state.scales) + [
            MoodDetailViewModel.Fact("Changed", mood.modifiedAt.map(dateInput.text(for:)) ?? "no change recorded"),
            MoodDetailViewModel.Fact("Device", TerminalSafeText.singleLine(mood.creatorID)),
            MoodDetailViewModel.Fact("Sync", sync),
        ] + shared(mood)
        return MoodDetailViewModel(level: mood.level, facts: facts, note: mood.note, scroll: state.scroll)
    }

    /// "Scales: sleep 7.5 h · anxiety 4 · meds yes", each value by its scale's name, when the
    /// mood has values or the journal has scales: a removed scale's value is marked so, and one of
    /// a scale this device has not heard of yet is counted.
    private func scaleFacts(of mood: Mood, scales: [Scale]) -> [MoodDetailViewModel.Fact] {
        guard !mood.scales.isEmpty || scales.contains(where: \.isInUse) else { return [] }
        let byID = Dictionary(uniqueKeysWithValues: scales.map { ($0.id, $0) })
        var known: [(name: ScaleName, text: String)] = []
        var unknown = 0
        for (id, value) in mood.scales.values {
            guard let scale = byID[id] else {
                unknown += 1
                continue
            }
            var text = "\(scale.name.value) \(value)"
            if case .number(let unit?, _, _) = scale.kind { text += " \(TerminalSafeText.singleLine(unit))" }
            if !scale.isInUse { text += " (removed scale)" }
            known.append((scale.name.value, text))
        }
        var parts = known.sorted { $0.name < $1.name }.map(\.text)
        if unknown > 0 { parts.append("\(unknown) of \(unknown == 1 ? "a scale" : "scales") not synced here yet") }
        return [MoodDetailViewModel.Fact("Scales", parts.isEmpty ? "none" : parts.joined(separator: " · "))]
    }

    /// "Shared with therapist, partner", or that no share shows it, when the account shares at all.
    private func shared(_ mood: Mood) -> [MoodDetailViewModel.Fact] {
        let names = shareNames(mood)
        return names.isEmpty ? [] : [MoodDetailViewModel.Fact("Shared with", names.map(TerminalSafeText.singleLine).joined(separator: ", "))]
    }

    /// The row with its day written out ("yesterday 21:04"), for where it stands away from its
    /// day's heading: the delete question.
    func fullyDated(_ row: MoodRowViewModel) -> MoodRowViewModel {
        var row = row
        row.dateText = formatter.string(for: row.date, now: now())
        return row
    }

    /// The row with its relative date ("5 min ago") written for the current time.
    func refreshed(_ row: MoodRowViewModel) -> MoodRowViewModel {
        var row = row
        row.dateText = formatter.timeOfDay(for: row.date, now: now())
        return row
    }
}
