import ArgumentParser
import Foundation
import NIOCore
import NIOSSL

/// `--tls-cert FILE --tls-key FILE`: `moodtui serve` over HTTPS and WSS.
struct ServerTLSOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The server's certificate chain (PEM), its own certificate first; with --tls-key, serves HTTPS and WSS. SIGHUP loads both files again.",
        valueName: "file"))
    var tlsCert: String?

    @Option(help: ArgumentHelp("The certificate's private key (PEM); keep it readable by this user only.", valueName: "file"))
    var tlsKey: String?

    func validate() throws {
        guard (tlsCert == nil) == (tlsKey == nil) else { throw ValidationError("--tls-cert and --tls-key go together") }
    }

    /// The TLS context for the files given, `nil` for plain HTTP.
    /// - Throws: ``CommandFailure`` naming the file that does not load, and why.
    func context() throws -> NIOSSLContext? {
        guard let tlsCert, let tlsKey else { return nil }
        // NIOSSL says "failed to load" for a missing file too: a file that cannot be read is named first.
        for (path, what) in [(tlsCert, "certificate"), (tlsKey, "private key")] where !FileManager.default.isReadableFile(atPath: path) {
            throw CommandFailure("cannot read the \(what) \(path): it does not exist or this user may not read it")
        }
        let chain: [NIOSSLCertificate]
        do { chain = try NIOSSLCertificate.fromPEMFile(tlsCert) } catch {
            throw CommandFailure("cannot read the certificate \(tlsCert): \(Self.describe(error)) (a PEM file is expected)")
        }
        guard !chain.isEmpty else { throw CommandFailure("\(tlsCert) holds no certificate (a PEM file is expected)") }
        let key: NIOSSLPrivateKey
        do { key = try NIOSSLPrivateKey(file: tlsKey, format: .pem) } catch {
            throw CommandFailure("cannot read the private key \(tlsKey): \(Self.describe(error)) (a PEM file is expected)")
        }
        let descriptor = open(tlsKey, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            SecretInput.warnIfOthersMayRead(descriptor, path: tlsKey, holding: "the server's private key")
            close(descriptor)
        }
        let configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        do { return try NIOSSLContext(configuration: configuration) } catch {
            throw CommandFailure("the certificate \(tlsCert) and the key \(tlsKey) do not go together: the key is not the certificate's")
        }
    }

    private static func describe(_ error: any Error) -> String {
        if case let error as NIOSSLError = error, case .failedToLoadCertificate = error { return "not a certificate" }
        if case let error as NIOSSLError = error, case .failedToLoadPrivateKey = error { return "not a private key" }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        return "\(error)"
    }
}
