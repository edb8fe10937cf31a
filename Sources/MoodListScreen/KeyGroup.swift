import MoodListModule
import TerminalUI

/// One entry of the key table: the keys as a person reads them, what they do, the few words the
/// footer gives them, and the keys as they arrive with the intent each one means.
struct KeyGroup: Sendable {
    /// Keys that do the same, each written as a person types it: `["↑ ↓", "k j"]`.
    let keys: [String]
    /// What they do, for the help and the README.
    let meaning: String
    /// Their words in the footer, if the footer names them.
    let footer: String?
    /// Each key and what it means; empty for an entry that only explains (typing text).
    let bindings: [Binding]

    struct Binding: Sendable {
        let key: KeyEvent
        let intent: MoodListIntent
    }

    init(_ keys: [String], _ meaning: String, footer: String? = nil, _ bindings: [(KeyEvent, MoodListIntent)]) {
        self.keys = keys
        self.meaning = meaning
        self.footer = footer
        self.bindings = bindings.map { Binding(key: $0.0, intent: $0.1) }
    }

    /// The keys as the help shows them: `↑ ↓  k j`.
    var helpLabel: String { keys.joined(separator: "  ") }

    /// The keys as the README shows them: `` `↑` `↓` or `k` `j` ``.
    var markdownLabel: String {
        keys.map { $0.split(separator: " ").map { "`\($0)`" }.joined(separator: " ") }.joined(separator: " or ")
    }
}

extension [KeyGroup] {
    /// The intent `key` has in this table, if it has one.
    func intent(for key: KeyEvent) -> MoodListIntent? {
        for group in self {
            if let binding = group.bindings.first(where: { $0.key == key }) { return binding.intent }
        }
        return nil
    }

    /// The footer the table's entries make: "↑↓ move · a add · …".
    var footer: String { compactMap(\.footer).joined(separator: " · ") }

    /// The table as the README shows it, under the header `| key | title |`.
    func markdown(title: String) -> String {
        (["| key | \(title) |", "|---|---|"] + map { "| \($0.markdownLabel) | \($0.meaning) |" }).joined(separator: "\n")
    }
}
