import Foundation
import Logging
import MoodKit
import MoodSealing
import MoodStore
import SyncProtocol

/// Sends moods waiting for upload — new, or changed since their last upload — in batches, and
/// records what the server answered: its version on success, a merge on a conflict.
///
/// Its predicate lives in the journal (``JournalSnapshot/moodsWaitingForUpload(limit:)``), so
/// moods left waiting by a crash are found again at launch. Calls may overlap (a person adds a
/// mood while a batch is on its way): the ``InProgressTracker`` keeps each mood in one request.
actor MoodUploader {
    private let journal: SyncJournal
    private let remote: any MoodRemote
    private let encryption: SyncEncryption
    private let inProgress: InProgressTracker<Mood.ID>
    private let logger: Logger

    /// A request's body stays well under the server's 1 MiB limit: notes can be long.
    static let maximumBatchBytes = 512 * 1024

    init(journal: SyncJournal, remote: any MoodRemote, encryption: SyncEncryption, inProgress: InProgressTracker<Mood.ID>, logger: Logger) {
        self.journal = journal
        self.remote = remote
        self.encryption = encryption
        self.inProgress = inProgress
        self.logger = logger
    }

    /// Uploads until no mood that is not already in a request waits; returns how many the server
    /// accepted. Moods the server refuses for good are marked failed, not retried.
    /// - Throws: a transient or account-wide ``RemoteError`` (the moods keep waiting), or a store error.
    func uploadPending() async throws -> Int {
        var uploaded = 0
        while true {
            let limit = SyncLimits.maximumUploadBatch + inProgress.count
            let waiting = try await journal.read { try $0.moodsWaitingForUpload(limit: limit) }
            let batch = inProgress.claim(Self.firstBatch(of: inProgress.free(waiting, id: \.id)), id: \.id)
            guard !batch.isEmpty else { return uploaded }
            defer { inProgress.release(batch.map(\.id)) }
            uploaded += try await upload(batch)
        }
    }

    /// The longest prefix of `moods` within the count and size limits (at least one mood).
    static func firstBatch(of moods: [Mood]) -> [Mood] {
        var bytes = 0
        var batch: [Mood] = []
        for mood in moods.prefix(SyncLimits.maximumUploadBatch) {
            // JSON escapes can double a note; an activity's stamps go out in full, with their
            // device; sealing pads to a size bucket, and base64 makes it a third larger.
            let content = 256 + mood.note.utf8.count * 2 + mood.activities.histories.values.reduce(0) { $0 + 40 + 300 * $1.stamps.count }
            bytes += (SealedContent.paddedSize(ofPlainText: content) ?? content) * 4 / 3 + SealedContent.minimumSize * 2
            if !batch.isEmpty && bytes > maximumBatchBytes { break }
            batch.append(mood)
        }
        return batch
    }

    /// Sends one batch; a batch refused as a whole is split until the refused mood is alone.
    private func upload(_ read: [Mood]) async throws -> Int {
        let (uploads, unsealable) = sealed(read)
        // From here on the server may hold these moods, even if the answer never arrives. A mood
        // a person changed or deleted since it was read stays out: it is read again.
        let marked = try await journal.write { writer in
            for (mood, error) in unsealable { try writer.recordSyncFailure([mood], message: "cannot be synced: \(error)") }
            return try writer.markUploadAttempted(read.filter { uploads[$0.id] != nil })
        }
        let batch = read.filter { marked.contains($0.id) }
        guard !batch.isEmpty else { return 0 }
        let (response, sample): (UploadResponse, ServerTimeSample)
        do {
            (response, sample) = try await ServerTimeSample.measure(with: journal.store.wallClock, serverTime: \.serverTime) {
                try await remote.upload(batch.compactMap { uploads[$0.id] })
            }
        } catch {
            guard case RemoteError.rejected(let reason) = error else { throw error }
            guard batch.count > 1 else {
                logger.error("upload refused", metadata: ["mood": "\(batch[0].id)", "reason": "\(reason)"])
                try await journal.write { try $0.recordSyncFailure(batch, message: "refused by the server: \(reason)") }
                return 0
            }
            let half = batch.count / 2
            return try await upload(Array(batch[..<half])) + (try await upload(Array(batch[half...])))
        }
        let sent = Dictionary(uniqueKeysWithValues: batch.map { ($0.id, $0) })
        let answer = UploadAnswer(response, sent: sent, encryption: encryption)
        try await journal.write { writer in
            try writer.recordServerWrite()
            if let skew = sample.skew { try writer.recordClockSkew(skew) }
            if let seen = answer.conflicts.compactMap({ $0.server?.content.fields.latestStamp }).max() { try writer.observe(seen) }
            for saved in answer.saved { try writer.recordUploaded(sent[saved.id]!, version: saved.version) }
            for conflict in answer.conflicts { try Self.resolve(conflict, sent: sent[conflict.id]!, with: writer) }
        }
        if !answer.conflicts.isEmpty {
            logger.info("upload conflicts resolved", metadata: ["count": "\(answer.conflicts.count)"])
        }
        // What the answer got wrong changed nothing here; the moods it concerns wait, and go up
        // again after a backoff rather than at once, so that a lying server gets no hot loop.
        if let broken = answer.broken { throw broken }
        return answer.saved.count
    }

    /// Each mood's upload, and the moods that cannot be sealed (too large) with why.
    private func sealed(_ moods: [Mood]) -> (uploads: [Mood.ID: MoodUpload], unsealable: [(Mood, MoodSealError)]) {
        var uploads: [Mood.ID: MoodUpload] = [:]
        var unsealable: [(Mood, MoodSealError)] = []
        for mood in moods {
            do { uploads[mood.id] = MoodUpload(id: mood.id, payload: try encryption.payload(for: mood), baseVersion: mood.sync.remoteVersion) } catch {
                unsealable.append((mood, error))
            }
        }
        return (uploads, unsealable)
    }

    /// Applies the conflict rule to a mood this request sent: a deleted mood goes, if the
    /// deletion is proven; a stale one is merged with the server's copy; one whose server copy
    /// cannot be read, or whose deletion is not proven, stays as it is here, marked failed with why.
    private static func resolve(_ conflict: OpenedConflict, sent: Mood, with writer: JournalWriter) throws {
        switch conflict.reason {
        case .deleted:
            if let unproven = conflict.unprovenDeletion {
                try writer.recordSyncFailure([sent], message: unproven.description)
                return
            }
            try writer.purge([conflict.id])
        case .stale:
            // `UploadAnswer` lets a stale conflict through only with a copy, or with why it was set aside.
            guard let server = conflict.server else {
                let problem = conflict.unreadableServerCopy ?? ""
                try writer.recordSyncFailure([sent], message: "the server's copy of this mood cannot be read: \(problem)")
                return
            }
            // Gone, or already past this copy (a download brought a newer one while the request was out).
            guard let local = try writer.snapshot.mood(id: conflict.id), (local.sync.remoteVersion ?? 0) < server.version else { return }
            try writer.replace(ConflictRule.merge(local: local, server: server))
        }
    }
}
