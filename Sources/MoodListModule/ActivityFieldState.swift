import MoodKit

/// The form's activities field: names typed apart by spaces or commas (`run sea-swim`), with
/// completion from the activities the journal already has, the most used first.
///
/// The word being typed at the cursor is completed: the names that start with it (all of them
/// while it is empty) and are not in the field yet are the candidates; ↑ and ↓ choose one, Tab
/// puts it in place of the word. With no word begun, Tab takes a candidate only once one was
/// chosen with the arrows, and otherwise moves on, as in every other field.
public struct ActivityFieldState: Hashable, Sendable {
    /// The text as typed.
    public private(set) var field: TextFieldState
    /// The journal's activities, the most used first: what completion offers.
    public private(set) var known: [ActivityName]
    /// The candidate chosen with ↑ ↓, if any; Tab takes it (or, with a word begun, the first).
    public private(set) var highlighted: Int?

    /// The most candidates offered at once: one line's worth.
    public static let maximumCandidates = 6

    /// - Parameters:
    ///   - names: the activities the mood has (none for a new mood).
    ///   - known: the journal's activities, the most used first.
    public init(_ names: [ActivityName] = [], known: [ActivityName] = []) {
        field = TextFieldState(names.map { $0.text + " " }.joined())
        self.known = known
    }

    public mutating func apply(_ edit: TextEdit) {
        field.apply(edit)
        highlighted = nil
    }

    /// The word before the cursor, when the cursor ends it (nothing but a separator after).
    private var typedWord: (range: Range<Int>, text: String)? {
        let characters = field.characters
        let cursor = field.cursor
        if cursor < characters.count, !Self.isSeparator(characters[cursor]) { return nil }
        var start = cursor
        while start > 0, !Self.isSeparator(characters[start - 1]) { start -= 1 }
        return (start..<cursor, String(characters[start..<cursor]))
    }

    /// What the field offers for the word being typed.
    public var candidates: [ActivityName] {
        guard let word = typedWord else { return [] }
        let prefix = word.text.lowercased()
        let chosen = Set(words.compactMap { try? ActivityName.normalized($0) })
        return Array(known.lazy.filter { $0.text.hasPrefix(prefix) && $0.text != prefix && !chosen.contains($0) }
            .prefix(Self.maximumCandidates))
    }

    /// Completes from `known` from now on. A highlighted candidate is let go: it may no longer
    /// be the one at that place.
    public mutating func offer(_ known: [ActivityName]) {
        self.known = known
        highlighted = nil
    }

    /// Moves the highlight among the candidates, wrapping round.
    public mutating func stepCandidate(by steps: Int) {
        let count = candidates.count
        guard count > 0 else { return }
        let from = highlighted ?? (steps > 0 ? -1 : 0)
        highlighted = ((from + steps) % count + count) % count
    }

    /// Puts the highlighted candidate in place of the word being typed, followed by a space.
    /// - Returns: `false` when there was nothing to complete.
    public mutating func complete() -> Bool {
        let candidates = candidates
        guard let word = typedWord, !candidates.isEmpty, let chosen = highlighted ?? (word.text.isEmpty ? nil : 0) else { return false }
        for _ in word.range { field.apply(.deleteBackward) }
        field.apply(.insertText(candidates[min(chosen, candidates.count - 1)].text + " "))
        highlighted = nil
        return true
    }

    /// The names in the field, in their one spelling.
    /// - Throws: ``MoodKit/MoodValidationError/invalidActivity(_:)`` for a word that is not one.
    public func names() throws(MoodValidationError) -> Set<ActivityName> {
        var names: Set<ActivityName> = []
        for word in words { names.insert(try ActivityName.normalized(word)) }
        return names
    }

    private var words: [String] {
        field.text.split(whereSeparator: Self.isSeparator).map(String.init)
    }

    /// Spaces and commas part names; a `#` before one is the way notes write it.
    private static func isSeparator(_ character: Character) -> Bool {
        character == " " || character == "," || character == "#" || character == "\t" || character == "\n"
    }
}
