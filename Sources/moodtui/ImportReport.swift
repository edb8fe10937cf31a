import Foundation
import MoodExchange
import MoodKit
import MoodListScreen
import TerminalUI

/// What `moodtui import` says: the dry run's survey, bad entries, and the summary.
enum ImportReport {
    static func dryRun(_ survey: Importer.Survey, file: String, mapping: LevelMapping, words: LevelWords) -> String {
        var lines = ["\(file): \(survey.formatName), \(count(survey.entries, "entry", "entries"))" + span(survey)]
        lines.append("Moods:")
        // Entries that state no level, each with its own tags, are one line per level they get.
        var rows: [(name: String, level: MoodLevel?, count: Int)] = []
        for (label, number) in survey.moods {
            let level = mapping.level(for: label)
            if let index = rows.firstIndex(where: { $0.name == label.text && $0.level == level }) {
                rows[index].count += number
            } else {
                rows.append((label.text, level, number))
            }
        }
        let width = rows.map(\.name.count).max() ?? 0
        for row in rows {
            let name = row.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let level = row.level.map { "\($0.rawValue) \(words.word(for: $0))" } ?? "?"
            let hint = row.level != nil ? "" : row.name == MoodLabel.noLevel ? "  --level LEVEL" : "  no level: --map \"\(row.name)=LEVEL\""
            lines.append("  \(name) → \(TextWidth.pad(level, toColumns: 2 + LevelColumn.width(words))) (\(count(row.count, "entry", "entries")))\(hint)")
        }
        lines.append("Activities: \(Set(survey.activities.names.values).count)" + renamed(survey.activities.renamed, lead: "; renamed: "))
        lines += scales(survey)
        if !survey.badRows.isEmpty { lines.append(badRows(survey.badRows)) }
        lines.append("Nothing was written (--dry-run).")
        return lines.joined(separator: "\n")
    }

    /// The bad entries named, a line each, and how many more.
    static func badRows(_ rows: BadRows, verb: String = "Cannot import") -> String {
        let shown = rows.named.map { "  \($0)" }
        let more = rows.count > rows.named.count ? ["  … and \(rows.count - rows.named.count) more"] : []
        return (["\(verb) \(count(rows.count, "entry", "entries")):"] + shown + more).joined(separator: "\n")
    }

    static func summary(_ result: Importer.Result, file: String, format: ImportFormat) -> String {
        var parts = ["\(count(result.added, "mood", "moods")) added"]
        if result.alreadyThere > 0 { parts.append("\(result.alreadyThere) already in the journal") }
        if result.deletedBefore > 0 { parts.append("\(result.deletedBefore) deleted before (left deleted)") }
        if !result.skipped.isEmpty { parts.append("\(result.skipped.count) skipped") }
        return "Imported \(file) (\(format.name)): " + parts.joined(separator: ", ") + "."
            + renamed(result.renamedActivities, lead: "\nActivities renamed: ")
            + (result.addedScales.isEmpty ? "" : "\nScales added: " + result.addedScales.map { "\($0.name.value) (\($0.kind.takes))" }.joined(separator: ", "))
            + renamed(result.renamedScales, lead: "\nScales renamed: ")
    }

    /// The scales the file defines or gives values of, and what each takes.
    private static func scales(_ survey: Importer.Survey) -> [String] {
        let defined = survey.definedScales.map { scale in
            (scale.name, scale.kind, survey.scales.first { $0.name == scale.name }?.sightings.count ?? 0)
        }
        let made = survey.scalesToMake.map { scale in (scale.name, scale.kind, survey.scales.first { $0.name == scale.name }?.sightings.count ?? 0) }
        let rows = defined + made
        guard !rows.isEmpty else { return [] }
        let width = rows.map(\.0.text.count).max() ?? 0
        return ["Scales (where this journal has one of the name, its own takes the values\(defined.isEmpty ? "" : " if it takes the same")):"]
            + rows.map { name, kind, values in
                "  \(name.text.padding(toLength: width, withPad: " ", startingAt: 0)) → \(kind.takes) (\(count(values, "value", "values")))"
            }
            + (survey.scaleNames.renamed.isEmpty ? [] : [renamed(survey.scaleNames.renamed, lead: "Scales renamed: ")])
    }

    /// `movies & tv → movies-tv, …` after `lead`; nothing when no name changed.
    private static func renamed(_ names: [String: some CustomStringConvertible], lead: String) -> String {
        guard !names.isEmpty else { return "" }
        return lead + names.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value)" }.joined(separator: ", ")
    }

    private static func span(_ survey: Importer.Survey) -> String {
        guard let first = survey.firstDate, let last = survey.lastDate else { return "" }
        let day = Date.ISO8601FormatStyle(timeZone: .current).year().month().day()
        return " from \(first.formatted(day)) to \(last.formatted(day))"
    }

    private static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
}
