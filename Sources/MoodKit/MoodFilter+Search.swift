extension MoodFilter {
    /// The journal list's filter for what a person typed after `/`: each `#name` asks for moods
    /// with that activity (``ActivityName/hashtags(in:)``), the rest for notes holding it. Text
    /// without a hashtag is searched for exactly as typed.
    public init(search typed: String) {
        let names = ActivityName.hashtags(in: typed)
        var text = typed
        if !names.isEmpty {
            text = typed.split(separator: " ", omittingEmptySubsequences: true)
                .filter { word in ActivityName.hashtags(in: String(word)).isEmpty }
                .joined(separator: " ")
        }
        self.init(noteContains: text.isEmpty ? nil : text, activities: Set(names))
    }
}
