import MoodKit
import MoodListModule
import TerminalUI

/// Turns a key into what the person meant, given what is open over the list.
///
/// Pure, so every mode's mapping is tested without a terminal. Resize events are never mapped:
/// the app handles them. Keys that mean nothing in the current mode map to `nil`.
public struct MoodListKeyMap: Sendable {
    /// Creates the key map.
    public init() {}

    /// The footers and the help for the presenter, written from the same table as the keys.
    public static var guide: MoodListKeyGuide { MoodListKeyTable.guide }

    /// The intent for `key` while `overlay` is open (`nil`: the bare list), as
    /// ``MoodListKeyTable`` defines it for what is open.
    ///
    /// In the form the keys of every field come first, then those of the field with focus: the
    /// level's, or the note's and then those of every text field. The activities field's Tab and
    /// arrows come before all (Tab completes there), and so do the scales field's arrows. In a
    /// text field (note, activities, scales, date, filter) any other character is typed and a paste is text, whatever it holds. In the help
    /// any key but the scrolling ones closes it. On the list a paste is explained (it goes into a
    /// field); anywhere else a paste and Alt chords mean nothing: they are never taken as commands.
    public func intent(for key: KeyEvent, overlay: MoodListOverlay?) -> MoodListIntent? {
        if key == .resize { return nil }
        switch overlay {
        case nil:
            if case .paste = key { return .explainPaste }
            return MoodListKeyTable.list.intent(for: key)
        case .form(let form):
            if form.focus == .activities, let intent = MoodListKeyTable.activities.intent(for: key) { return intent }
            if form.focus == .scales, let intent = MoodListKeyTable.scales.intent(for: key) { return intent }
            if let intent = MoodListKeyTable.form.intent(for: key) { return intent }
            switch form.focus {
            case .level: return MoodListKeyTable.level.intent(for: key)
            case .note: return MoodListKeyTable.note.intent(for: key) ?? textFieldIntent(for: key)
            case .activities, .scales, .date: return textFieldIntent(for: key)
            }
        case .detail: return MoodListKeyTable.detail.intent(for: key)
        case .insights: return MoodListKeyTable.insights.intent(for: key)
        case .confirmDelete: return MoodListKeyTable.confirmDelete.intent(for: key)
        case .help:
            if let intent = MoodListKeyTable.help.intent(for: key) { return intent }
            switch key {
            case .unknown, .paste: return nil
            default: return .cancel
            }
        case .filter: return MoodListKeyTable.filter.intent(for: key) ?? textFieldIntent(for: key)
        }
    }

    /// readline's keys; any other character is typed, and a paste is inserted as it is.
    private func textFieldIntent(for key: KeyEvent) -> MoodListIntent? {
        if let intent = MoodListKeyTable.text.intent(for: key) { return intent }
        switch key {
        case .character(let character): return .edit(.insert(character))
        case .paste(let text): return .edit(.insertText(text))
        default: return nil
        }
    }
}
