import MoodKit

/// The form's scales field: values typed as `sleep=7.5 anxiety=4` (``ScaleAssignments``), or
/// changed with ↑ and ↓ on the word at the cursor — a range's number by one, a measure by a
/// half, yes and no in turn; with the cursor on no word, either starts the first scale not given yet.
/// A scale left out is not recorded; on an edited mood, one taken out is cleared.
public struct ScaleFieldState: Hashable, Sendable {
    /// The text as typed.
    public private(set) var field: TextFieldState
    /// The journal's scales in use, by name.
    public let scales: [Scale]
    /// The values the edited mood had as the form opened (none for a new mood).
    private let original: [Scale.ID: ScaleValue]

    /// - Parameters:
    ///   - values: the edited mood's values (none for a new mood).
    ///   - scales: the journal's scales in use.
    public init(_ values: [Scale.ID: ScaleValue] = [:], scales: [Scale]) {
        self.scales = scales.filter(\.isInUse).sorted { $0.name.value < $1.name.value }
        original = values.filter { id, _ in scales.contains { $0.id == id && $0.isInUse } }
        field = TextFieldState(self.scales.compactMap { scale in values[scale.id].map { "\(scale.name.value)=\($0) " } }.joined())
    }

    public mutating func apply(_ edit: TextEdit) {
        field.apply(edit)
    }

    /// What to save: each scale whose value the text changes, `nil` for one taken out.
    /// - Throws: ``MoodKit/ScaleAssignments/Failure`` for a word that is not a value of a scale.
    public func chosen() throws(ScaleAssignments.Failure) -> [Scale.ID: ScaleValue?] {
        let typed = try ScaleAssignments.values(words.map(\.text), scales: scales)
        var changes = typed.filter { id, value in original[id] != value }
        for id in original.keys where typed[id] == nil { changes[id] = .some(nil) }
        return changes
    }

    /// Changes the value of the word at the cursor by `steps` (up is more), within its scale's
    /// kind; with the cursor on no word, adds the first scale not in the field.
    public mutating func stepValue(by steps: Int) {
        let words = words
        guard let word = words.first(where: { $0.range.contains(field.cursor) || $0.range.upperBound == field.cursor }) else {
            let given = Set(words.compactMap { try? ScaleAssignments.parse($0.text, scales: scales).scale.id })
            guard let scale = scales.first(where: { !given.contains($0.id) }) else { return }
            let start = (field.text.isEmpty || field.text.hasSuffix(" ")) ? "" : " "
            field.apply(.insertText(start + "\(scale.name.value)=\(Self.firstValue(of: scale.kind, stepping: steps)) "))
            return
        }
        guard let (scale, value) = try? ScaleAssignments.parse(word.text, scales: scales) else { return }
        let next = value.map { Self.step($0, of: scale.kind, by: steps) } ?? Self.firstValue(of: scale.kind, stepping: steps)
        replace(word.range, with: "\(scale.name.value)=\(next)")
    }

    /// The value a scale starts at from empty: its bottom going up, its top going down.
    private static func firstValue(of kind: ScaleKind, stepping steps: Int) -> ScaleValue {
        switch kind {
        case .range(let range): .whole(steps > 0 ? range.lowerBound : range.upperBound)
        case .number(_, let minimum, let maximum): .tenths(steps > 0 ? minimum ?? 0 : maximum ?? minimum ?? 0)
        case .yesNo: steps > 0 ? .yes : .no
        }
    }

    private static func step(_ value: ScaleValue, of kind: ScaleKind, by steps: Int) -> ScaleValue {
        switch (kind, value) {
        case (.range(let range), .whole(let whole)): return .whole(min(max(whole + steps, range.lowerBound), range.upperBound))
        case (.number(_, let minimum, let maximum), .tenths(let tenths)):
            let bound = 10 * ScaleKind.largestMagnitude
            return .tenths(min(max(tenths + 5 * steps, minimum ?? -bound), maximum ?? bound))
        case (.yesNo, .yes), (.yesNo, .no): return value == .yes ? .no : .yes
        default: return firstValue(of: kind, stepping: steps)
        }
    }

    /// The words of the field, with where each stands.
    private var words: [(range: Range<Int>, text: String)] {
        var words: [(range: Range<Int>, text: String)] = []
        var start: Int?
        let characters = field.characters
        for index in 0...characters.count {
            let isSpace = index == characters.count || characters[index].isWhitespace
            if isSpace, let begun = start {
                words.append((begun..<index, String(characters[begun..<index])))
                start = nil
            } else if !isSpace, start == nil {
                start = index
            }
        }
        return words
    }

    /// Puts `text` in place of the characters in `range`, the cursor after it.
    private mutating func replace(_ range: Range<Int>, with text: String) {
        while field.cursor < range.upperBound { field.apply(.moveRight) }
        while field.cursor > range.upperBound { field.apply(.moveLeft) }
        for _ in range { field.apply(.deleteBackward) }
        field.apply(.insertText(text))
    }
}
