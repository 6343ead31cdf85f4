import Foundation
import GoogleAPIRuntime
import GoogleEmulator

/// A full emulator with one test service account (a key pair made now) and its key file on disk,
/// for credentials tests through the real transport.
struct CredentialsTestBed {
    static let email = "robot@emulated-project.iam.gserviceaccount.com"
    static let driveScope = "https://www.googleapis.com/auth/drive"
    static let cloudPlatform = "https://www.googleapis.com/auth/cloud-platform"

    let emulator: GoogleEmulator
    let directory: TemporaryDirectory
    let account: EmulatedServiceAccount
    let keyFile: URL
    let keyData: Data

    init(
        metadata: MetadataServerConfiguration? = nil, quotaProjectID: String? = nil, delegatedSubjects: Set<String> = [],
        extraAccounts: [String] = []
    ) throws {
        var configuration = GoogleEmulator.Configuration(seedData: true)
        configuration.metadataServer = metadata
        emulator = try GoogleEmulator.start(configuration: configuration)
        let made = try EmulatedServiceAccount.makeForTests(
            email: Self.email, tokenURI: emulator.baseURL.appendingPathComponent("token"), quotaProjectID: quotaProjectID,
            delegatedSubjects: delegatedSubjects)
        var accounts = [made.account]
        for email in extraAccounts {
            accounts.append(EmulatedServiceAccount(email: email, publicKeyPEM: made.account.publicKeyPEM))
        }
        emulator.oauth.updateConfiguration { $0.serviceAccounts += accounts }
        account = made.account
        keyData = made.keyFile
        directory = try TemporaryDirectory()
        keyFile = directory.file("service-account.json")
        try made.keyFile.write(to: keyFile)
    }

    func stop() {
        emulator.stop()
        directory.cleanUp()
    }

    /// A Drive v3 client on `session`, pointed at the emulator.
    func drive(_ session: AuthorizedSession) -> GoogleServiceClient {
        GoogleServiceClient(
            session: session,
            descriptor: GoogleServiceDescriptor(
                name: "drive", version: "v3", rootURL: URL(string: "https://www.googleapis.com/")!,
                servicePath: "drive/v3/", batchPath: "batch/drive/v3"),
            rootURL: emulator.rootURL)
    }

    /// `drive.files.list` with one result: a call that needs a token with a Drive scope.
    static var listCall: APICall {
        var call = APICall(method: .get, path: "files", scopes: [driveScope])
        call.addQuery("pageSize", 1)
        return call
    }

    /// The key file with `private_key` (or another member) replaced.
    func keyFile(replacing member: String, with value: String) throws -> Data {
        var object = try JSONSerialization.jsonObject(with: keyData) as? [String: Any] ?? [:]
        object[member] = value
        return try JSONSerialization.data(withJSONObject: object)
    }

    /// The PEM private key of the test account.
    var privateKeyPEM: String {
        ((try? JSONSerialization.jsonObject(with: keyData)) as? [String: Any])?["private_key"] as? String ?? ""
    }
}
