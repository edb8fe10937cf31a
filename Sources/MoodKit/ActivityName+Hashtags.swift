extension ActivityName {
    /// The activities a note names inline, as `#run` or `#sleep-bad`, in their order and once
    /// each: a word that starts with `#` after the start of the note, a space or an opening
    /// bracket, up to the first character a name cannot hold. A `#` with no letter after it
    /// (`#1`, `C#`, `x#y`) is plain text.
    ///
    /// A note keeps its text: the hashtags are added to the mood's activities when it is saved.
    /// - Complexity: O(n) in the note's characters.
    public static func hashtags(in note: String) -> [ActivityName] {
        var names: [ActivityName] = []
        var previous: Unicode.Scalar?
        var scalars = note.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            defer { previous = scalar }
            guard scalar == "#", previous.map({ startsHashtag(after: $0) }) ?? true else { continue }
            var word = String.UnicodeScalarView()
            while let next = pending, isNameScalar(next) {
                word.append(next)
                pending = scalars.next()
            }
            let trimmed = String(word).trimmingCharacters(in: ["-", "_"])
            if let name = try? normalized(trimmed), !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Whether a `#` after `scalar` starts a hashtag: after white space or an opening bracket.
    private static func startsHashtag(after scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || "([{".unicodeScalars.contains(scalar)
    }
}
