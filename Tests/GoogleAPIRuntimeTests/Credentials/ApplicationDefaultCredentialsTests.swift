import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import TestSupport
import Testing

/// The ADC search order with a fake HOME and environment (a dictionary, never the process's own),
/// each kind of file end to end, and each failure.
@Suite("Application Default Credentials")
struct ApplicationDefaultCredentialsTests {
    typealias Bed = CredentialsTestBed

    /// A free port nothing listens on: the metadata server is "absent".
    static func closedPortHost() throws -> String {
        let server = try LocalHTTPServer.start { _ in .notFound }
        let port = server.baseURL.port ?? 9
        server.stop()
        // "localhost", not 127.0.0.1: the probe outcome is remembered per host text, and a live
        // server in another test may later get this port on 127.0.0.1.
        return "localhost:\(port)"
    }

    static func environment(_ variables: [String: String], home: URL) throws -> ApplicationDefaultCredentials.Environment {
        var all = variables
        all["HOME"] = home.path
        if all["GCE_METADATA_HOST"] == nil { all["GCE_METADATA_HOST"] = try closedPortHost() }
        return ApplicationDefaultCredentials.Environment(variables: all, metadataProbeTimeout: .seconds(5))
    }

    static func authorizedUserFile(_ bed: Bed, quotaProjectID: String? = nil, type: String = "authorized_user") -> Data {
        let tokens = bed.emulator.oauth.issueTokens(scopes: [Bed.driveScope])
        let client = OAuthEmulator.Client.testDesktopClient
        var object: [String: Any] = [
            "type": type, "client_id": client.id, "client_secret": client.secret ?? "", "refresh_token": tokens.refresh,
            "token_uri": bed.emulator.baseURL.appendingPathComponent("token").absoluteString,
        ]
        if let quotaProjectID { object["quota_project_id"] = quotaProjectID }
        return try! JSONSerialization.data(withJSONObject: object)
    }

    @Test func googleApplicationCredentialsComesFirst() async throws {
        let bed = try Bed()
        defer { bed.stop() }
        // A well-known file exists too; the variable wins.
        let gcloud = bed.directory.url.appendingPathComponent(".config/gcloud")
        try FileManager.default.createDirectory(at: gcloud, withIntermediateDirectories: true)
        try Self.authorizedUserFile(bed).write(to: gcloud.appendingPathComponent("application_default_credentials.json"))
        let environment = try Self.environment(["GOOGLE_APPLICATION_CREDENTIALS": bed.keyFile.path], home: bed.directory.url)
        let credentials = try await ApplicationDefaultCredentials.find(scopes: [Bed.driveScope], environment: environment)
        let summary = await credentials.summary()
        #expect(summary.kind == .serviceAccount)
        #expect(summary.source.contains("GOOGLE_APPLICATION_CREDENTIALS"))
        let session = AuthorizedSession(credentials: credentials, configuration: .fastTests)
        #expect(try await bed.drive(session).send(Bed.listCall).status == 200)
    }

    @Test func gcloudsWellKnownFileUnderHomeIsAnAuthorizedUserWithItsQuotaProject() async throws {
        let bed = try Bed()
        defer { bed.stop() }
        let gcloud = bed.directory.url.appendingPathComponent(".config/gcloud")
        try FileManager.default.createDirectory(at: gcloud, withIntermediateDirectories: true)
        try Self.authorizedUserFile(bed, quotaProjectID: "user-quota").write(
            to: gcloud.appendingPathComponent("application_default_credentials.json"))
        let credentials = try await ApplicationDefaultCredentials.find(
            scopes: [], environment: try Self.environment([:], home: bed.directory.url))
        #expect(await credentials.summary().kind == .authorizedUser)
        #expect(credentials.quotaProjectID == "user-quota")
        #expect(credentials.requestMetadata.map(\.name) == ["x-goog-user-project"])
        let session = AuthorizedSession(credentials: credentials, configuration: .fastTests)
        #expect(try await bed.drive(session).send(Bed.listCall).status == 200)
        #expect(bed.emulator.oauth.refreshRequestCount == 1)
    }

    @Test func cloudSDKConfigReplacesTheDefaultFolder() async throws {
        let bed = try Bed()
        defer { bed.stop() }
        let config = bed.directory.url.appendingPathComponent("gcloud-elsewhere")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try bed.keyData.write(to: config.appendingPathComponent("application_default_credentials.json"))
        let environment = try Self.environment(
            ["CLOUDSDK_CONFIG": config.path], home: bed.directory.url.appendingPathComponent("empty-home"))
        let credentials = try await ApplicationDefaultCredentials.find(scopes: [Bed.driveScope], environment: environment)
        #expect(await credentials.summary().source.contains("gcloud-elsewhere"))
    }

    @Test func aFileSystemRootPrefixesEveryPath() async throws {
        let bed = try Bed()
        defer { bed.stop() }
        let fakeHome = bed.directory.url.appendingPathComponent("home/ada/.config/gcloud")
        try FileManager.default.createDirectory(at: fakeHome, withIntermediateDirectories: true)
        try bed.keyData.write(to: fakeHome.appendingPathComponent("application_default_credentials.json"))
        let environment = ApplicationDefaultCredentials.Environment(
            variables: ["HOME": "/home/ada", "GCE_METADATA_HOST": try Self.closedPortHost()], fileSystemRoot: bed.directory.url)
        let credentials = try await ApplicationDefaultCredentials.find(scopes: [Bed.driveScope], environment: environment)
        #expect(await credentials.summary().source.contains("/home/ada/.config/gcloud/application_default_credentials.json"))
    }

    @Test func theMetadataServerComesLastAndIsCheckedForItsFlavor() async throws {
        let bed = try Bed(metadata: MetadataServerConfiguration(serviceAccountEmail: "vm@emulated-project.iam.gserviceaccount.com"))
        defer { bed.stop() }
        let host = "127.0.0.1:\(bed.emulator.baseURL.port ?? 0)"
        let environment = try Self.environment(["GCE_METADATA_HOST": host], home: bed.directory.url)
        let credentials = try await ApplicationDefaultCredentials.find(scopes: [Bed.driveScope], environment: environment)
        let session = AuthorizedSession(credentials: credentials, configuration: .fastTests)
        #expect(try await bed.drive(session).send(Bed.listCall).status == 200)
        let token = try await session.accessToken()
        #expect(bed.emulator.oauth.principal(ofAccessToken: token.value) == "vm@emulated-project.iam.gserviceaccount.com")
        let summary = await session.credentialsSummary()
        #expect(summary.kind == .metadataServer && summary.account == "vm@emulated-project.iam.gserviceaccount.com")
        #expect(try await MetadataServerCredentials(host: host).projectID() == "emulated-project")
    }

    @Test func nothingFoundNamesEveryPlaceTriedAndWhatToDo() async throws {
        let home = try TemporaryDirectory()
        defer { home.cleanUp() }
        // Something that accepts the probe's connection and closes it unanswered, counting.
        let probes = Recorder<String>()
        let silent = try RawResponder { connection in probes.append(connection.requestHead) }
        // "localhost", not 127.0.0.1: the probe outcome is remembered per host text for the
        // process, and a live server in another test may later get this port on 127.0.0.1.
        let host = "localhost:\(silent.port)"
        let environment = try Self.environment(["GCE_METADATA_HOST": host], home: home.url)
        await #expect { _ = try await ApplicationDefaultCredentials.find(scopes: [], environment: environment) } throws: { error in
            guard let error = error as? CredentialsError, error.code == .notFound else { return false }
            let text = "\(error)"
            return text.contains("GOOGLE_APPLICATION_CREDENTIALS is not set")
                && text.contains(home.url.path + "/.config/gcloud/application_default_credentials.json does not exist")
                && text.contains("no metadata server answered at \(host)")
                && text.contains("gcloud auth application-default login")
        }
        #expect(probes.count == 1)
        // The absent metadata server is remembered: a second search does not probe again.
        await #expect(throws: CredentialsError.self) {
            _ = try await ApplicationDefaultCredentials.find(scopes: [], environment: environment)
        }
        #expect(probes.count == 1, "the second search probed the metadata server again")
        withExtendedLifetime(silent) {}
    }

    @Test func theMetadataProbeHappensOncePerHost() async throws {
        let probes = Recorder<String>()
        let server = try LocalHTTPServer.start { request in
            probes.append(request.path)
            var response = HTTPServerResponse.text("computeMetadata/\n")
            response.headers["Metadata-Flavor"] = "Google"
            return response
        }
        defer { server.stop() }
        let home = try TemporaryDirectory()
        defer { home.cleanUp() }
        let environment = try Self.environment(["GCE_METADATA_HOST": "127.0.0.1:\(server.baseURL.port ?? 0)"], home: home.url)
        for _ in 0..<3 { _ = try await ApplicationDefaultCredentials.find(scopes: [], environment: environment) }
        #expect(probes.values == ["/"])
    }

    @Test func somethingAnsweringWithoutMetadataFlavorIsNotUsed() async throws {
        let bed = try Bed(metadata: MetadataServerConfiguration(sendsMetadataFlavor: false))
        defer { bed.stop() }
        let host = "127.0.0.1:\(bed.emulator.baseURL.port ?? 0)"
        await #expect {
            _ = try await ApplicationDefaultCredentials.find(
                scopes: [], environment: try Self.environment(["GCE_METADATA_HOST": host], home: bed.directory.url))
        } throws: { error in
            (error as? CredentialsError)?.code == .notFound && "\(error)".contains("without \"Metadata-Flavor: Google\"")
        }
        await #expect { _ = try await MetadataServerCredentials(host: host).accessToken(for: AccessTokenRequest()) } throws: { error in
            (error as? CredentialsError)?.code == .metadataFlavorMissing
        }
        #expect(bed.emulator.oauth.tokenRequestCount == 0)
    }

    @Test func aMissingFileNamedByTheVariableIsAnErrorNotAFallThrough() async throws {
        let home = try TemporaryDirectory()
        defer { home.cleanUp() }
        let environment = try Self.environment(["GOOGLE_APPLICATION_CREDENTIALS": home.file("nope.json").path], home: home.url)
        await #expect { _ = try await ApplicationDefaultCredentials.find(scopes: [], environment: environment) } throws: { error in
            (error as? CredentialsError)?.code == .notFound && "\(error)".contains("nope.json")
        }
        // A code matches in `catch` patterns, like the other errors' codes.
        do {
            _ = try await ApplicationDefaultCredentials.find(scopes: [], environment: environment)
            Issue.record("found credentials that do not exist")
        } catch CredentialsError.Code.notFound {
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func unknownUnsupportedAndNonJSONFilesAreTypedErrors() async throws {
        let home = try TemporaryDirectory()
        defer { home.cleanUp() }
        let cases: [(String, CredentialsError.Code)] = [
            (#"{"type": "mystery_account"}"#, .unknownType),
            (#"{"type": "external_account", "audience": "//iam.googleapis.com/x"}"#, .unsupportedType),
            ("<html>not json</html>", .malformedFile),
            (#"{"client_email": "x@y"}"#, .malformedFile),
            (#"{"type": "authorized_user", "client_id": "a"}"#, .malformedFile),
            (#"{"type": "service_account", "client_email": "x@y", "private_key": 7}"#, .malformedFile),
        ]
        for (index, (content, code)) in cases.enumerated() {
            let file = home.file("case-\(index).json")
            try Data(content.utf8).write(to: file)
            let environment = try Self.environment(["GOOGLE_APPLICATION_CREDENTIALS": file.path], home: home.url)
            await #expect { _ = try await ApplicationDefaultCredentials.find(scopes: [], environment: environment) } throws: { error in
                (error as? CredentialsError)?.code == code
            }
        }
    }

    @Test func aHugeFileIsRefusedWithoutReadingIt() async throws {
        let home = try TemporaryDirectory()
        defer { home.cleanUp() }
        let file = home.file("huge.json")
        try #require(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 64 << 30)  // sparse: 64 GiB that take no disk
        try handle.close()
        let environment = try Self.environment(["GOOGLE_APPLICATION_CREDENTIALS": file.path], home: home.url)
        await #expect { _ = try await ApplicationDefaultCredentials.find(scopes: [], environment: environment) } throws: { error in
            (error as? CredentialsError)?.code == .malformedFile && "\(error)".contains("too large")
        }
    }

    @Test func anImpersonationFileActsAsTheTargetThroughIAMCredentials() async throws {
        let target = "deployer@emulated-project.iam.gserviceaccount.com"
        let bed = try Bed(extraAccounts: [target])
        defer { bed.stop() }
        let source = try JSONSerialization.jsonObject(with: bed.keyData)
        let file: [String: Any] = [
            "type": "impersonated_service_account",
            "service_account_impersonation_url": bed.emulator.baseURL
                .appendingPathComponent("v1/projects/-/serviceAccounts/\(target):generateAccessToken").absoluteString,
            "source_credentials": source, "delegates": [], "quota_project_id": "impersonation-quota",
        ]
        let path = bed.directory.file("impersonated.json")
        try JSONSerialization.data(withJSONObject: file).write(to: path)
        let environment = try Self.environment(["GOOGLE_APPLICATION_CREDENTIALS": path.path], home: bed.directory.url)
        let credentials = try await ApplicationDefaultCredentials.find(scopes: [Bed.driveScope], environment: environment)
        let session = AuthorizedSession(credentials: credentials, configuration: .fastTests)
        #expect(try await bed.drive(session).send(Bed.listCall).status == 200)
        #expect(bed.emulator.oauth.principal(ofAccessToken: try await session.accessToken().value) == target)
        let summary = await session.credentialsSummary()
        #expect(summary.kind == .impersonatedServiceAccount && summary.account == target && summary.quotaProjectID == "impersonation-quota")
    }
}
