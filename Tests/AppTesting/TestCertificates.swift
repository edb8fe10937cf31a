import Crypto
import Foundation
import LocalProcesses
import X509

/// A private certificate authority and a server certificate for `localhost` it signed, made
/// fresh for a test and written as PEM files, as a self-hosted server's operator makes them.
public struct TestCertificates: Sendable {
    /// The authority's certificate: what `moodtui login --ca-file` trusts.
    public let authority: String
    /// The server's certificate, then the authority's (`serve --tls-cert`).
    public let chain: String
    /// The server certificate's private key (`serve --tls-key`), mode 0600.
    public let key: String

    /// Makes the certificates (valid from an hour ago for a day) in `folder`, named by `authorityName`.
    /// - Throws: when they cannot be made or written.
    public init(in folder: URL, authorityName: String = "moodtui test CA") throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let now = Date()
        let authorityKey = P256.Signing.PrivateKey()
        let authorityDN = try DistinguishedName { CommonName(authorityName) }
        let authority = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(authorityKey.publicKey),
            notValidBefore: now - 3_600, notValidAfter: now + 86_400, issuer: authorityDN, subject: authorityDN,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(authorityKey))
        let serverKey = P256.Signing.PrivateKey()
        let server = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(serverKey.publicKey),
            notValidBefore: now - 3_600, notValidAfter: now + 86_400, issuer: authorityDN,
            subject: try DistinguishedName { CommonName("localhost") }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                SubjectAlternativeNames([.dnsName("localhost")])
                try ExtendedKeyUsage([.serverAuth])
            },
            issuerPrivateKey: .init(authorityKey))
        func write(_ text: String, _ name: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw SetupError("cannot write \(path)")
            }
            return path
        }
        let authorityPEM = try authority.serializeAsPEM().pemString
        self.authority = try write(authorityPEM, "ca.pem")
        chain = try write(try server.serializeAsPEM().pemString + "\n" + authorityPEM, "server-chain.pem")
        key = try write(serverKey.pemRepresentation, "server-key.pem")
    }
}
