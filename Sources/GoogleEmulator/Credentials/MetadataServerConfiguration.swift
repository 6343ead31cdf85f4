import Foundation

// MARK: - MetadataServerConfiguration

/// The emulator's metadata-server mode: what `/computeMetadata/v1/…` answers, as on a Compute
/// Engine VM, Cloud Run or GKE with workload identity. Point `GCE_METADATA_HOST` at the emulator
/// (`127.0.0.1:PORT`) to use it.
public struct MetadataServerConfiguration: Sendable {
    /// The default service account's email.
    public var serviceAccountEmail: String
    /// `project/project-id`.
    public var projectID: String
    /// Scopes of tokens when the request names none.
    public var defaultScopes: [String]
    /// Whether answers carry `Metadata-Flavor: Google`; `false` imitates something else answering
    /// at the metadata address, which clients must refuse.
    public var sendsMetadataFlavor: Bool

    /// - Parameters: See the properties.
    public init(
        serviceAccountEmail: String = "123456789-compute@developer.gserviceaccount.com", projectID: String = "emulated-project",
        defaultScopes: [String] = ["https://www.googleapis.com/auth/cloud-platform"], sendsMetadataFlavor: Bool = true
    ) {
        self.serviceAccountEmail = serviceAccountEmail
        self.projectID = projectID
        self.defaultScopes = defaultScopes
        self.sendsMetadataFlavor = sendsMetadataFlavor
    }
}
