#if Hummingbird
import Foundation
import PasskeyMetadata

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where `--metadata` reads the FIDO metadata BLOB (FIDO Metadata Service v3.0 §3.1.7): a file, or an `https`
/// URL (`http` only for a loopback host, a test server), downloaded again at every refresh.
public enum MetadataSource: Sendable, Hashable, CustomStringConvertible {
    /// A file, read again at every refresh (an operator or a job replaces it).
    case file(path: String)
    /// A URL, downloaded at every refresh.
    case url(URL)

    /// How long a download may take: 60 s.
    public static let timeout: Duration = .seconds(60)

    /// The source an argument names: `https://…` or `http://` with a loopback host, else a file path.
    ///
    /// - Throws: ``ServerConfigurationError`` for an `http` URL to another host, or another URL scheme.
    public init(argument: String) throws(ServerConfigurationError) {
        let lowered = argument.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
            guard !argument.contains("://") else {
                throw ServerConfigurationError("--metadata \(argument) is neither a file nor an https URL")
            }
            self = .file(path: argument)
            return
        }
        guard let url = URL(string: argument), MetadataDownloadRedirectPolicy.allows(url) else {
            throw ServerConfigurationError(
                "--metadata \(argument) is not an https URL (http is allowed for loopback hosts only)")
        }
        self = .url(url)
    }

    /// The path or the URL.
    public var description: String {
        switch self {
        case .file(let path): path
        case .url(let url): url.absoluteString
        }
    }

    /// The BLOB's bytes, at most ``PasskeyMetadata/MetadataBLOB/maximumLength``: a file is read up to one byte past
    /// it; a download (``MetadataDownload``) is refused when its `Content-Length` is larger, and stopped once its
    /// body is.
    ///
    /// - Throws: ``MetadataUnavailable`` when the file cannot be read, the server does not answer 200 (a redirect
    ///   is followed only on the same host, over https, at most three times: ``MetadataDownloadRedirectPolicy``), or
    ///   the BLOB is too large.
    public func read() async throws(MetadataUnavailable) -> [UInt8] {
        let data: Data
        switch self {
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw MetadataUnavailable("the metadata BLOB file \(path) cannot be read")
            }
            defer { try? handle.close() }
            do {
                data = try handle.read(upToCount: MetadataBLOB.maximumLength + 1) ?? Data()
            } catch {
                throw MetadataUnavailable("the metadata BLOB file \(path) cannot be read: \(error)")
            }
        case .url(let url):
            data = try await Self.download(url)
        }
        guard data.count <= MetadataBLOB.maximumLength else {
            throw MetadataUnavailable("the metadata BLOB at \(self) is larger than \(MetadataBLOB.maximumLength) bytes")
        }
        return Array(data)
    }

    private static func download(_ url: URL) async throws(MetadataUnavailable) -> Data {
        try await MetadataDownload.body(of: url, maximumLength: MetadataBLOB.maximumLength, timeout: timeout.inSeconds)
    }
}
#endif
