import MoodKit

/// The account's words for the levels, kept with the journal and merged as sync brings another
/// device's: the later change wins, as for a mood's fields.
extension JournalWriter {
    /// Gives the levels `words` (``LevelWords/builtIn``: the built-in names again), as a person's
    /// change, counted in ``JournalSettingKey/setupChanges`` so that the sync engine stores it.
    public func setLevelWords(_ words: LevelWords) throws {
        try saveLevelWords(Stamped(words, at: try clockReading()))
        try countSetupChange()
    }

    /// Merges another device's words, as sync brings them; returns the journal's after it.
    @discardableResult
    public func mergeLevelWords(_ copy: Stamped<LevelWords>) throws -> Stamped<LevelWords>? {
        try observe(copy.stamp)
        let held = try snapshot.levelWords()
        let merged = held.map { $0.merged(with: copy) } ?? copy
        if merged != held { try saveLevelWords(merged) }
        return merged
    }

    private func saveLevelWords(_ words: Stamped<LevelWords>) throws {
        try setSetting(.levelWords, to: words.value.storedText)
        try setSetting(.levelWordsStamp, to: words.stamp.description)
    }
}

extension JournalSnapshot {
    /// The account's words for the levels and the stamp of their last change; `nil` when they
    /// were never given (the built-in names). Words that cannot be read (a journal edited by
    /// hand) count as never given.
    public func levelWords() throws -> Stamped<LevelWords>? {
        guard let text = try setting(.levelWords), let stampText = try setting(.levelWordsStamp),
            let words = LevelWords(storedText: text), let stamp = HybridTimestamp(stampText)
        else { return nil }
        return Stamped(words, at: stamp)
    }

    /// What the levels are called here.
    public func levelWordsInUse() throws -> LevelWords { try levelWords()?.value ?? .builtIn }
}

extension JournalSnapshot {
    /// The scales in use and the level words, for writing moods in words.
    public func vocabulary() throws -> JournalVocabulary {
        JournalVocabulary(scales: try scales(), levels: try levelWordsInUse())
    }
}
