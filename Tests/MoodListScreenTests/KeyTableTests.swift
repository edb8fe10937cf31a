import Foundation
import MoodKit
import MoodListModule
import Testing
import TerminalUI
@testable import MoodListScreen

/// The key table is the one definition of the keys: what a key does, what the footer and the
/// help say about it, and the README's key tables must all agree with it.
@Suite struct KeyTableTests {
    let keys = MoodListKeyMap()

    static let overlays: [(String, [KeyGroup], MoodListOverlay?)] = [
        ("list", MoodListKeyTable.list, nil),
        ("form", MoodListKeyTable.form, MoodListFixtures.form(note: "", focus: .note)),
        ("level", MoodListKeyTable.level, MoodListFixtures.form(note: "", focus: .level)),
        ("note", MoodListKeyTable.note, MoodListFixtures.form(note: "", focus: .note)),
        ("date", MoodListKeyTable.text, MoodListFixtures.form(note: "", focus: .date)),
        ("filter", MoodListKeyTable.text + MoodListKeyTable.filter, .filter(TextFieldViewModel(text: "", cursor: 0))),
        ("delete question", MoodListKeyTable.confirmDelete, .confirmDelete(MoodListFixtures.rows[0])),
        ("detail", MoodListKeyTable.detail, .detail(MoodDetailViewModel(level: .meh, facts: [], note: "", scroll: 0))),
        ("help", MoodListKeyTable.help, .help(lines: [], scroll: 0)),
    ]

    @Test func everyKeyInTheTableDoesWhatTheTableSays() {
        for (name, groups, overlay) in Self.overlays {
            for group in groups {
                for binding in group.bindings {
                    #expect(keys.intent(for: binding.key, overlay: overlay) == binding.intent, "\(name): \(binding.key)")
                }
            }
        }
    }

    @Test func theHelpListsEveryEntryAndExplainsTheMarksOnARow() {
        let help = MoodListKeyMap.guide.helpLines.joined(separator: "\n")
        for (name, groups, _) in Self.overlays {
            for group in groups { #expect(help.contains(group.helpLabel) && help.contains(group.meaning), "\(name): \(group.meaning)") }
        }
        for mark in ["·  ", "✓  ", "!  ", "↓  ", "▁▃▅▆█"] { #expect(help.contains(mark), "\(mark)") }
        #expect(help.contains("waiting for upload") && help.contains("refused by the server"))
    }

    @Test func eachFooterNamesOnlyKeysOfItsOwnMode() {
        let guide = MoodListKeyMap.guide
        #expect(guide.footers[.list] == "↑↓ move · a add · v view · e edit · d delete · / filter · ? help · q quit")
        for footer in guide.footers.values { #expect(TextWidth.columns(of: footer) <= 80, "\(footer)") }
        #expect(guide.footers[.form] == "Tab next field · Enter save · Esc cancel · Alt-Enter new line")
        #expect(guide.footers[.detail] == "↑↓ scroll · e edit · d delete · Esc close")
        #expect(Set(MoodListMode.allCases) == Set(guide.footers.keys))
    }

    /// The README is checked, not trusted: each of its key tables is the table written out.
    @Test(arguments: [
        ("in the list", MoodListKeyTable.list),
        ("in every field of the form", MoodListKeyTable.form),
        ("in the level", MoodListKeyTable.level),
        ("in the note", MoodListKeyTable.note),
        ("in the activities", MoodListKeyTable.activities),
        ("in the scales", MoodListKeyTable.scales),
        ("in the text fields and the filter", MoodListKeyTable.text),
        ("in the detail view", MoodListKeyTable.detail),
        ("in the insights", MoodListKeyTable.insights),
    ])
    func theREADMEsKeyTablesAreTheKeyTable(title: String, groups: [KeyGroup]) throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let table = groups.markdown(title: title)
        #expect(text.contains(table + "\n"), "README.md should hold this table:\n\(table)")
    }
}
