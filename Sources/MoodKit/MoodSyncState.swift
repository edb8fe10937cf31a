import Foundation

/// Where a mood stands with the sync server, as the Moody design keeps it: each field is something
/// a change processor's predicate selects on, so pending work survives a crash.
public struct MoodSyncState: Hashable, Sendable {
    /// The server's identifier, set after the first successful upload; `nil` means "never uploaded".
    public var remoteIdentifier: String?
    /// The server's version of the mood the device last saw, sent back with updates to detect conflicts.
    public var remoteVersion: Int64?
    /// Changed locally since the last successful upload.
    public var changedSinceUpload: Bool
    /// Deleted by the person; hidden from the list and waiting for the remover.
    public var markedForRemoteDeletion: Bool
    /// When it was marked, so old marks can be purged and the last one undone.
    public var markedForDeletionDate: Date?
    /// The last permanent sync failure for this mood, in words; `nil` when none.
    public var lastError: String?
    /// How many times a person changed, deleted or undeleted the mood on this device. A sync
    /// write-back names the count it read and applies only if it still holds, so no local
    /// change ever loses to the answer of a request that left before it.
    public var changeCounter: Int64

    public init(
        remoteIdentifier: String? = nil, remoteVersion: Int64? = nil, changedSinceUpload: Bool = true,
        markedForRemoteDeletion: Bool = false, markedForDeletionDate: Date? = nil, lastError: String? = nil,
        changeCounter: Int64 = 0
    ) {
        self.remoteIdentifier = remoteIdentifier
        self.remoteVersion = remoteVersion
        self.changedSinceUpload = changedSinceUpload
        self.markedForRemoteDeletion = markedForRemoteDeletion
        self.markedForDeletionDate = markedForDeletionDate
        self.lastError = lastError
        self.changeCounter = changeCounter
    }

    /// The one-word summary a row shows.
    public var summary: Summary {
        if lastError != nil { return .failed }
        if remoteIdentifier == nil || changedSinceUpload || markedForRemoteDeletion { return .waiting }
        return .synced
    }

    /// What a row's marker says about the mood's sync.
    public enum Summary: String, Sendable {
        case waiting, synced, failed
    }
}
