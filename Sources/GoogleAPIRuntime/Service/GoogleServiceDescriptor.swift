public import Foundation

// MARK: - GoogleServiceDescriptor

/// Where a Google API lives: its name, version and URLs, from the Discovery document.
public struct GoogleServiceDescriptor: Sendable, Hashable {
    public var name: String
    public var version: String
    /// E.g. `https://www.googleapis.com/`.
    public var rootURL: URL
    /// E.g. `drive/v3/`, relative to `rootURL`.
    public var servicePath: String
    /// E.g. `batch/drive/v3`, relative to `rootURL`; `nil` when the API has no batch endpoint.
    public var batchPath: String?

    /// - Parameters:
    ///   - name: The API name, e.g. `drive`.
    ///   - version: The API version, e.g. `v3`.
    ///   - rootURL: The API's root URL.
    ///   - servicePath: The path of the methods under `rootURL`.
    ///   - batchPath: The batch endpoint's path under `rootURL`.
    public init(name: String, version: String, rootURL: URL, servicePath: String, batchPath: String?) {
        self.name = name
        self.version = version
        self.rootURL = rootURL
        self.servicePath = servicePath
        self.batchPath = batchPath
    }
}
