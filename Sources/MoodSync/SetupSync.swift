import Foundation
import Logging
import MoodKit
import MoodStore
import SyncProtocol

/// Keeps the journal's scales, level words and ended shares and the account's setup on the
/// server one: the change processor of the setup, as the uploader and downloader are of moods.
///
/// It talks to the server only when there is something to do: a person changed the scales or
/// the level words here (``JournalSettingKey/setupChanges`` is past what was stored), or the feed reported a setup
/// version this journal has not merged. Then it fetches the setup, merges it scale by scale (and
/// the words by their stamp) with the journal's (every device merges alike, so all end the same), and stores the result unless
/// the server holds it already, based on the version it read; another device's store in between
/// means fetching and merging again. A setup that does not open — sealed under a key the account
/// left, stored before it had one, or bytes a token without the key wrote — is replaced by what
/// the journal holds, sealed anew: a key change syncs the setup first, so the rotating device
/// holds it all, and a stolen token cannot freeze the account's scales.
struct SetupSync: Sendable {
    let journal: SyncJournal
    let remote: any MoodRemote
    let encryption: SyncEncryption
    let logger: Logger

    /// How many times another device may store a setup between this one's fetch and store
    /// before it gives up until the next round.
    static let attempts = 4

    /// Brings the journal's scales and the server's setup together when either changed; returns
    /// whether it talked to the server.
    @discardableResult
    func sync() async throws -> Bool {
        for _ in 0..<Self.attempts {
            guard try await isDue() else { return false }
            let server = try await remote.setup()
            var serverContent: SetupContent?
            if let payload = server.payload {
                switch encryption.open(payload) {
                case .success(let content): serverContent = content
                case .failure(let unreadable):
                    // Sealed with a key the account left (or before it had one), or under this
                    // key yet not opening (changed on the way, or written by a token without the
                    // key): no device reads it, and each holds the scales it merged before; this
                    // one's stand in.
                    logger.warning(
                        "storing this device's scales in place of the account's, which do not open",
                        metadata: ["reason": "\(unreadable.reason)"])
                }
            }
            let opened = serverContent
            let (merged, changes) = try await journal.write { writer in
                let scales = try writer.mergeScales(opened.map { Array($0.scales.values) } ?? [])
                let levels = try opened?.levels.map { try writer.mergeLevelWords($0) } ?? writer.snapshot.levelWords()
                for share in opened?.endedShares ?? [] { try writer.forgetShare(Data(share.bytes)) }
                let ended = Set(try writer.snapshot.endedShares().compactMap { ShareID(bytes: $0) })
                try writer.setSetting(.setupVersion, to: String(server.version))
                try Self.noteServerVersion(server.version, with: writer)
                return (SetupContent(scales: scales, levels: levels, endedShares: ended), try writer.snapshot.setting(.setupChanges))
            }
            guard merged != serverContent || (server.payload != nil && serverContent == nil) else {
                try await journal.write { try $0.setSetting(.storedSetupChanges, to: changes) }
                return true
            }
            let upload = encryption.signed(SetupUpload(baseVersion: server.version, payload: try encryption.payload(for: merged)))
            guard let version = try await remote.storeSetup(upload) else {
                // Another device stored one meanwhile: it is due again, whatever made it due.
                try await journal.write { try Self.noteServerVersion(server.version + 1, with: $0) }
                continue
            }
            try await journal.write { writer in
                try writer.setSetting(.setupVersion, to: String(version))
                try Self.noteServerVersion(version, with: writer)
                try writer.setSetting(.storedSetupChanges, to: changes)
            }
            logger.debug("stored the account's scales", metadata: ["version": "\(version)", "scales": "\(merged.scales.count)"])
            return true
        }
        return true
    }

    /// Whether the scales changed here since they were stored, or the feed reported a setup this
    /// journal has not merged.
    func isDue() async throws -> Bool {
        try await journal.read { snapshot in
            let changed = try snapshot.setting(.setupChanges) != snapshot.setting(.storedSetupChanges)
            let (reported, merged) = (try snapshot.setting(.serverSetupVersion) ?? "0", try snapshot.setting(.setupVersion) ?? "0")
            return changed || reported != merged
        }
    }

    /// Records that the server's setup is at `version` at least, as a page of the feed or an
    /// answer said.
    static func noteServerVersion(_ version: Int64, with writer: JournalWriter) throws {
        let known = Int64(try writer.snapshot.setting(.serverSetupVersion) ?? "") ?? 0
        if version > known { try writer.setSetting(.serverSetupVersion, to: String(version)) }
    }
}
