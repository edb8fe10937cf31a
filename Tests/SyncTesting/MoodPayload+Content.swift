import SyncProtocol

/// The content of plain payloads, for tests of accounts without a key.
extension SyncedMood {
    public var content: MoodContent? {
        if case .plain(let content) = payload { content } else { nil }
    }
}

extension MoodUpload {
    public var content: MoodContent? {
        if case .plain(let content) = payload { content } else { nil }
    }
}
