import MoodKit
import MoodListModule
import TerminalUI

/// Every key of the mood list screen, by what it acts on: the one definition the key map reads,
/// the footers and the help are written from, and the README's key tables are checked against.
enum MoodListKeyTable {
    static let list: [KeyGroup] = [
        KeyGroup(["↑ ↓", "k j"], "move the selection", footer: "↑↓ move", [
            (.up, .moveSelection(by: -1)), (.down, .moveSelection(by: 1)),
            (.character("k"), .moveSelection(by: -1)), (.character("j"), .moveSelection(by: 1)),
        ]),
        KeyGroup(["g G", "Home End"], "first / last mood", [
            (.character("g"), .moveToTop), (.character("G"), .moveToBottom), (.home, .moveToTop), (.end, .moveToBottom),
        ]),
        KeyGroup(["PgUp PgDn", "Ctrl-B Ctrl-F"], "a page up / down", [
            (.pageUp, .movePage(by: -1)), (.pageDown, .movePage(by: 1)),
            (.control("b"), .movePage(by: -1)), (.control("f"), .movePage(by: 1)),
        ]),
        KeyGroup(["a"], "add a mood: the form opens", footer: "a add", [(.character("a"), .add)]),
        KeyGroup(["Enter", "v"], "the whole mood: note, dates, device, sync", footer: "v view", [
            (.enter, .showDetail), (.character("v"), .showDetail),
        ]),
        KeyGroup(["e"], "edit the level, note, activities or date", footer: "e edit", [(.character("e"), .editSelected)]),
        KeyGroup(["d", "Delete"], "delete the selected mood (asks first)", footer: "d delete", [
            (.character("d"), .deleteSelected), (.delete, .deleteSelected),
        ]),
        // The footer leaves undo to the message a deletion shows ("Press u to undo"): 80 columns.
        KeyGroup(["u"], "undo the last delete, within 5 seconds", [(.character("u"), .undoDelete)]),
        KeyGroup(["/"], "filter as you type: note text, `#name` for an activity, `sleep<6` for a scale", footer: "/ filter", [(.character("/"), .startFilter)]),
        KeyGroup(["Esc"], "clear the filter (n and N still find its matches)", [(.escape, .cancel)]),
        KeyGroup(["n N"], "next / previous match of the filter kept with Enter", [
            (.character("n"), .moveToMatch(forward: true)), (.character("N"), .moveToMatch(forward: false)),
        ]),
        // No footer: 80 columns hold no more (the help names it).
        KeyGroup(["i"], "insights: the year in pixels, averages, streaks, what helps", [(.character("i"), .showInsights)]),
        KeyGroup(["J"], "the next journal: yours, then each share someone made for you", [(.character("J"), .switchJournal)]),
        KeyGroup(["?"], "this help: every key, the marks on a row", footer: "? help", [(.character("?"), .showHelp)]),
        KeyGroup(["q", "Ctrl-C"], "quit", footer: "q quit", [(.character("q"), .quit)]),
    ]

    /// Keys that mean the same in every field of the form.
    static let form: [KeyGroup] = [
        KeyGroup(["Tab", "Shift-Tab"], "next / previous field: level, note, activities, scales, date", footer: "Tab next field", [
            (.tab, .focusNext), (.backTab, .focusPrevious),
        ]),
        KeyGroup(["Enter"], "save", footer: "Enter save", [(.enter, .submit)]),
        KeyGroup(["Esc"], "cancel", footer: "Esc cancel", [(.escape, .cancel)]),
    ]

    /// The activities field's own keys, before those of every field (its Tab completes first).
    static let activities: [KeyGroup] = [
        KeyGroup(["Tab"], "complete the activity being typed (with nothing to complete: the next field)", [(.tab, .completeActivity)]),
        KeyGroup(["↑ ↓"], "another of the activities offered", [(.up, .stepActivityCandidate(by: -1)), (.down, .stepActivityCandidate(by: 1))]),
    ]

    /// The scales field's own keys, before those of every text field.
    static let scales: [KeyGroup] = [
        KeyGroup(["↑ ↓"], "the value at the cursor up / down (or the next scale, from an empty word)", [
            (.up, .stepScaleValue(by: 1)), (.down, .stepScaleValue(by: -1)),
        ]),
    ]

    /// The level field's keys.
    static let level: [KeyGroup] = [
        KeyGroup(["1 2 3 4 5"], "awful, bad, meh, good, great", MoodLevel.allCases.map {
            (KeyEvent.character(Character(String($0.rawValue))), MoodListIntent.setLevel($0))
        }),
        KeyGroup(["← →", "↓ ↑"], "a level worse / better", [
            (.left, .stepLevel(by: -1)), (.right, .stepLevel(by: 1)), (.down, .stepLevel(by: -1)), (.up, .stepLevel(by: 1)),
        ]),
    ]

    /// The note's own keys, before those of every text field.
    static let note: [KeyGroup] = [
        KeyGroup(["Alt-Enter"], "a new line", footer: "Alt-Enter new line", [(.altEnter, .edit(.insert("\n")))]),
        KeyGroup(["↑ ↓"], "the line above / below", [(.up, .edit(.moveLineUp)), (.down, .edit(.moveLineDown))]),
    ]

    /// readline's keys, in the note, the date and the filter. Any other character is typed, and
    /// a paste is text.
    static let text: [KeyGroup] = [
        KeyGroup(["← →", "Ctrl-B Ctrl-F"], "a character left / right", [
            (.left, .edit(.moveLeft)), (.right, .edit(.moveRight)), (.control("b"), .edit(.moveLeft)), (.control("f"), .edit(.moveRight)),
        ]),
        KeyGroup(["Alt-B Alt-F"], "a word left / right", [(.alt("b"), .edit(.moveWordLeft)), (.alt("f"), .edit(.moveWordRight))]),
        KeyGroup(["Home End", "Ctrl-A Ctrl-E"], "start / end", [
            (.home, .edit(.moveToStart)), (.end, .edit(.moveToEnd)), (.control("a"), .edit(.moveToStart)), (.control("e"), .edit(.moveToEnd)),
        ]),
        KeyGroup(["Backspace"], "delete the character before the cursor", [(.backspace, .edit(.deleteBackward))]),
        KeyGroup(["Delete", "Ctrl-D"], "delete the character after the cursor", [
            (.delete, .edit(.deleteForward)), (.control("d"), .edit(.deleteForward)),
        ]),
        KeyGroup(["Ctrl-W", "Alt-Backspace"], "delete the word before the cursor", [
            (.control("w"), .edit(.deleteWordBackward)), (.altBackspace, .edit(.deleteWordBackward)),
        ]),
        KeyGroup(["Alt-D"], "delete the word after the cursor", [(.alt("d"), .edit(.deleteWordForward))]),
        KeyGroup(["Ctrl-U"], "delete everything before the cursor", [(.control("u"), .edit(.deleteToStart))]),
        KeyGroup(["Ctrl-K"], "delete everything after the cursor", [(.control("k"), .edit(.deleteToEnd))]),
    ]

    static let filter: [KeyGroup] = [
        KeyGroup(["text"], "filters the list as you type", footer: "type to filter", []),
        KeyGroup(["Enter"], "keep the filter", footer: "Enter keep", [(.enter, .submit)]),
        KeyGroup(["Esc"], "clear the filter", footer: "Esc clear", [(.escape, .cancel)]),
    ]

    static let confirmDelete: [KeyGroup] = [
        KeyGroup(["y"], "delete", footer: "y delete", [(.character("y"), .answer(true)), (.character("Y"), .answer(true))]),
        KeyGroup(["n", "Esc"], "keep", footer: "n keep", [
            (.character("n"), .answer(false)), (.character("N"), .answer(false)), (.escape, .answer(false)),
        ]),
    ]

    static let detail: [KeyGroup] = [
        KeyGroup(["↑ ↓", "k j"], "scroll the note", footer: "↑↓ scroll", scrolling),
        KeyGroup(["PgUp PgDn"], "a page up / down", paging),
        spacePagesDown,
        KeyGroup(["e"], "edit the mood", footer: "e edit", [(.character("e"), .editSelected)]),
        KeyGroup(["d", "Delete"], "delete the mood (asks first)", footer: "d delete", [
            (.character("d"), .deleteSelected), (.delete, .deleteSelected),
        ]),
        KeyGroup(["Esc", "Enter", "v", "q"], "close", footer: "Esc close", [
            (.escape, .cancel), (.enter, .cancel), (.character("v"), .cancel), (.character("q"), .cancel),
        ]),
    ]

    static let insights: [KeyGroup] = [
        KeyGroup(["← →"], "the year before / after", footer: "←→ year", [(.left, .changeYear(by: -1)), (.right, .changeYear(by: 1))]),
        KeyGroup(["h l"], "select the day before / after", footer: "hjkl select day", [
            (.character("h"), .moveDay(by: -1)), (.character("l"), .moveDay(by: 1)),
        ]),
        KeyGroup(["k j", "↑ ↓"], "select the month before / after", [
            (.character("k"), .moveMonth(by: -1)), (.character("j"), .moveMonth(by: 1)), (.up, .moveMonth(by: -1)), (.down, .moveMonth(by: 1)),
        ]),
        KeyGroup(["Enter"], "show the selected day in the list", footer: "Enter show in list", [(.enter, .submit)]),
        KeyGroup(["i", "Esc", "q"], "back to the list", footer: "i back", [
            (.character("i"), .cancel), (.escape, .cancel), (.character("q"), .cancel),
        ]),
    ]

    static let help: [KeyGroup] = [
        KeyGroup(["↑ ↓", "k j"], "scroll", footer: "↑↓ scroll", scrolling),
        KeyGroup(["PgUp PgDn"], "a page up / down", paging),
        spacePagesDown,
        KeyGroup(["any other key"], "close the help", footer: "any other key closes", []),
    ]

    private static let scrolling: [(KeyEvent, MoodListIntent)] = [
        (.up, .moveSelection(by: -1)), (.down, .moveSelection(by: 1)),
        (.character("k"), .moveSelection(by: -1)), (.character("j"), .moveSelection(by: 1)),
    ]
    private static let paging: [(KeyEvent, MoodListIntent)] = [(.pageUp, .movePage(by: -1)), (.pageDown, .movePage(by: 1))]
    private static let spacePagesDown = KeyGroup(["Space"], "a page down", [(.character(" "), .movePage(by: 1))])

    /// The footers and the help, for the presenter.
    static let guide = MoodListKeyGuide(
        footers: [
            .list: list.footer, .filter: filter.footer, .form: (form + note).footer, .confirmDelete: confirmDelete.footer,
            .detail: detail.footer, .help: help.footer, .insights: insights.footer,
        ],
        helpLines: helpLines)

    /// The help: each mode's keys under a heading, then what the marks on a row mean.
    static var helpLines: [String] {
        let sections: [(String, [KeyGroup])] = [
            ("In the list", list), ("In the add and edit form", form), ("In its level", level), ("In its note", note),
            ("In its activities", activities), ("In its scales", scales), ("In the text fields and the filter", text), ("While filtering", filter),
            ("When asked to delete", confirmDelete), ("In the detail view", detail), ("In the insights", insights), ("In this help", help),
        ]
        let marks: [(String, String)] = [
            (MoodSyncState.Summary.waiting.marker, "waiting for upload"),
            (MoodSyncState.Summary.synced.marker, "synced"),
            (MoodSyncState.Summary.failed.marker, "refused by the server (Enter shows why)"),
            ("↓", "just arrived from another device"),
            (MoodRowRenderer.sharedMark, "in one of your shares: someone else sees it (Enter says which)"),
            (MoodRowRenderer.scaleMark, "has values of your scales (Enter shows them)"),
            (MoodLevel.allCases.map { $0.monoGlyph.trimmingCharacters(in: .whitespaces) }.joined(), "awful … great, without colour"),
        ]
        let entries = sections.flatMap { $0.1.map { ($0.helpLabel, $0.meaning) } } + marks
        let width = entries.map { TextWidth.columns(of: $0.0) }.max() ?? 0
        func line(_ entry: (String, String)) -> String { "  " + TextWidth.pad(entry.0, toColumns: width) + "  " + entry.1 }
        var lines: [String] = []
        for (title, groups) in sections {
            lines += [title] + groups.map { line(($0.helpLabel, $0.meaning)) } + [""]
        }
        return lines + ["Marks on a row"] + marks.map(line)
    }
}
