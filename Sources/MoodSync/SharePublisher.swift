import Foundation
import Logging
import MoodKit
import MoodSealing
import MoodStore
import SyncProtocol

/// Keeps the account's shares filled: every device of the owner compares the moods the server
/// acknowledged with what each live share holds, and writes the entries that are behind.
///
/// A share follows the server's copy of the account, not this device's: an entry is made from a
/// synced mood at its server version (`ShareEntry/source`), so every device makes the same entry
/// for the same version, and the server's conditional writes keep the newest. What a share holds
/// is read from its own change log, so a device that never wrote to it still knows it, and a
/// share made on another device is filled here too.
struct SharePublisher: Sendable {
    let journal: SyncJournal
    let remote: any MoodRemote
    /// The account's key and identity, which shares' records are sealed under and bound to.
    let key: AccountKey
    let account: String
    let pageSize: Int
    let logger: Logger

    /// How many entries go in one request: padded to a kilobyte each, well under the body limit.
    static let batchSize = 200

    /// Lists the account's shares again: shares made on another device are kept (their record
    /// opened with the account's key), shares ended or expired are forgotten, and a share this
    /// device saw end is not taken up again, whoever lists it.
    func refreshList() async throws {
        let listed = try await remote.shares()
        let (known, endedBefore) = try await journal.read { (try AccountShare.all(in: $0), try $0.endedShares()) }
        var kept: [AccountShare] = []
        for listing in listed where !endedBefore.contains(Data(listing.id.bytes)) {
            if var share = known.first(where: { $0.id == listing.id }) {
                share.lastReadAt = listing.lastReadAt
                kept.append(share)
                continue
            }
            do {
                let descriptor = try ShareSeal.open(listing.record, share: listing.id, account: account, key: key)
                kept.append(AccountShare(id: listing.id, descriptor: descriptor, createdAt: listing.createdAt, lastReadAt: listing.lastReadAt))
            } catch {
                logger.warning("a share's record does not open with the account's key; it is not filled here", metadata: [
                    "share": "\(listing.id)", "error": "\(error)",
                ])
            }
        }
        let ended = known.filter { share in !listed.contains { $0.id == share.id } }
        try await journal.write { [kept] writer in
            for share in kept { try writer.saveShare(share.stored) }
            for share in ended { try writer.forgetShare(Data(share.id.bytes)) }
        }
    }

    /// Brings every live share up to date; returns how many entries were written.
    /// - Parameter following: whether to read each share's log first (what other devices wrote
    ///   since). A round right after this device's own upload skips it: the server's answer to a
    ///   write says when another device was there first, and the log is read at the next push.
    /// - Throws: a ``RemoteError`` or a store error; what was written before stays written.
    func publish(following: Bool = true) async throws -> Int {
        let now = journal.store.wallClock.now()
        var written = 0
        for share in try await journal.read({ try AccountShare.all(in: $0) }) where share.isLive(at: now) {
            do {
                if following || share.changeToken == nil { try await follow(share) }
                written += try await fill(share)
            } catch RemoteError.unknownShare {
                // Ended on another device, or expired: nothing more goes to it.
                try await journal.write { try $0.forgetShare(Data(share.id.bytes)) }
            } catch let error as RemoteError where Self.concernsTheShareOnly(error) {
                // One share the server will not take writes for does not stop the account's sync.
                logger.warning("a share could not be filled; the others are", metadata: ["share": "\(share.id)", "error": "\(error)"])
            }
        }
        return written
    }

    /// Reads the share's change log from where this device left it, and records what it holds.
    private func follow(_ share: AccountShare) async throws {
        var token = share.changeToken
        while true {
            let page: ChangesResponse
            do { page = try await remote.changes(ofShare: share.id, since: token, limit: pageSize) } catch {
                // The server no longer knows where this device stood: read the share afresh.
                guard token != nil, Self.startsAfresh(error) else { throw error }
                token = nil
                continue
            }
            let entries = page.changes.compactMap { change -> (UUID, SharedEntryState)? in
                guard case .upsert(let entry) = change else { return nil }
                return opened(entry, in: share)
            }
            try await journal.write { writer in
                for (mood, state) in entries { try writer.recordShareEntry(state, mood: mood, share: Data(share.id.bytes)) }
                try writer.setShareChangeToken(page.token.rawValue, share: Data(share.id.bytes))
            }
            token = page.token
            if !page.more { return }
        }
    }

    /// Whether `error` is about the share's writes alone (its key, an entry refused), not about
    /// the server or the device's token, which the engine's backoff and status deal with.
    private static func concernsTheShareOnly(_ error: RemoteError) -> Bool {
        switch error {
        case .keyChanged, .rejected, .proofRequired, .readOnly, .incompatible: true
        default: false
        }
    }

    /// Whether `error` asks to read a change log from its start again.
    private static func startsAfresh(_ error: RemoteError) -> Bool {
        switch error {
        case .tokenExpired, .historyCompacted: true
        default: false
        }
    }

    /// Writes the entries that are behind, a batch at a time; returns how many were written.
    private func fill(_ share: AccountShare) async throws -> Int {
        let scope = share.descriptor.scope
        var written = 0
        // Each batch moves the share on, or learns from the server's answer what it holds; a
        // server that keeps answering otherwise is tried again on the next round, not forever.
        for _ in 0..<100 {
            let (work, deleted) = try await journal.read { snapshot in
                let work = try snapshot.shareWork(share: Data(share.id.bytes), dates: (scope.since, scope.until), limit: Self.batchSize)
                let deleted = try snapshot.deletedSharedMoods(
                    share: Data(share.id.bytes), deleted: ShareEntry.deleted, limit: Self.batchSize - work.count)
                return (work, deleted)
            }
            var entries = MoodUploader.firstBatch(of: work.map(\.mood)).compactMap { mood -> (ShareEntry, SharedEntryState?)? in
                guard let version = mood.sync.remoteVersion else { return nil }
                let entry = work.first { $0.mood.id == mood.id }?.entry
                return (ShareEntry(mood: mood.id, source: version, content: scope.visible(MoodContent(mood))), entry)
            }
            entries += deleted.map { (ShareEntry(mood: $0.mood, source: ShareEntry.deleted, content: nil), $0.entry) }
            guard !entries.isEmpty else { return written }
            let (saved, learned) = try await write(entries, to: share)
            written += saved
            guard saved + learned > 0 else { return written }
        }
        return written
    }

    /// Sends one batch, each entry on top of what the share holds of its mood; records what the
    /// share holds after it. Returns how many entries were saved, and how many the server
    /// answered with its own copy of (a conflict).
    private func write(_ entries: [(entry: ShareEntry, held: SharedEntryState?)], to share: AccountShare) async throws
        -> (saved: Int, learned: Int)
    {
        var uploads: [MoodUpload] = []
        var byEntryID: [UUID: ShareEntry] = [:]
        var skipped: [(UUID, SharedEntryState)] = []
        for (entry, held) in entries {
            let base = held.flatMap { $0.serverVersion > 0 ? $0.serverVersion : nil }
            do {
                let sealed = try ShareSeal.seal(entry, share: share.id, key: share.descriptor.key)
                let id = ShareSeal.entryID(for: entry.mood, key: share.descriptor.key)
                uploads.append(MoodUpload(id: id, payload: .sealed(sealed), baseVersion: base))
                byEntryID[id] = entry
            } catch {
                // Recorded at its version, so that it is not tried again until it changes.
                logger.warning("a mood is too large to share", metadata: ["mood": "\(entry.mood)", "error": "\(error)"])
                skipped.append((entry.mood, SharedEntryState(source: entry.source, serverVersion: held?.serverVersion ?? 0, shown: held?.shown ?? false)))
            }
        }
        if !uploads.isEmpty || !skipped.isEmpty {
            let answer = uploads.isEmpty ? nil : try await remote.upload(uploads, toShare: share.id)
            let saved = (answer?.saved ?? []).compactMap { saved in
                byEntryID[saved.id].map { ($0.mood, SharedEntryState(source: $0.source, serverVersion: saved.version, shown: $0.content != nil)) }
            }
            let learned = (answer?.conflicts ?? []).compactMap { conflict -> (UUID, SharedEntryState)? in
                guard let server = conflict.server, let mood = byEntryID[conflict.id]?.mood else { return nil }
                // A copy that does not open is written over next time: its version, no source.
                return opened(server, in: share) ?? (mood, SharedEntryState(source: -1, serverVersion: server.version, shown: false))
            }
            try await journal.write { [skipped] writer in
                for (mood, state) in saved + learned + skipped { try writer.recordShareEntry(state, mood: mood, share: Data(share.id.bytes)) }
            }
            return (saved.count, learned.count + skipped.count)
        }
        return (0, 0)
    }

    /// What an entry of the share's log says, or `nil` (logged) when it does not open with the
    /// share's key: only the owner's devices write there, so it was changed on the way.
    private func opened(_ entry: SyncedMood, in share: AccountShare) -> (UUID, SharedEntryState)? {
        guard case .sealed(let sealed) = entry.payload else { return nil }
        do {
            let opened = try ShareSeal.open(sealed, entryID: entry.id, share: share.id, key: share.descriptor.key)
            return (opened.mood, SharedEntryState(source: opened.source, serverVersion: entry.version, shown: opened.content != nil))
        } catch {
            logger.warning("an entry of a share does not open", metadata: ["share": "\(share.id)", "error": "\(error)"])
            return nil
        }
    }
}
