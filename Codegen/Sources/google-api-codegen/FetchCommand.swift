import Foundation
import GoogleHTTP

// MARK: - FetchCommand

/// `google-api-codegen fetch NAME VERSION [--strip-descriptions] [--output FILE] [--discovery-url URL]`:
/// downloads a Discovery document with the package's own transport (libcurl).
struct FetchCommand {
    /// Google's discovery service; `{name}` and `{version}` are filled in.
    static let defaultDiscoveryURL = "https://www.googleapis.com/discovery/v1/apis/{name}/{version}/rest"

    /// The largest Discovery document accepted (64 MiB; Google's largest, Compute alpha, is
    /// 5.7 MiB).
    static let maxDocumentBytes = 64 << 20

    var name: String
    var version: String
    var stripDescriptions = false
    /// A file path, `-` for standard output, or `nil` for `NAME.VERSION.json` here.
    var output: String?
    var discoveryURL = Self.defaultDiscoveryURL

    /// A command-line or download failure, described for the user.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        var isUsage = false
    }

    // MARK: - Parsing

    /// - Parameter arguments: The arguments after `fetch`.
    /// - Throws: ``Failure`` (usage) for unknown options, missing values and malformed names.
    static func parse(_ arguments: [String]) throws(Failure) -> FetchCommand {
        var positionals: [String] = []
        var strip = false
        var output: String?
        var url: String?
        var index = 0
        func value(_ option: String) throws(Failure) -> String {
            index += 1
            guard index < arguments.count else { throw Failure(description: "missing value for \(option)", isUsage: true) }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--strip-descriptions": strip = true
            case "--output", "-o": output = try value("--output")
            case "--discovery-url": url = try value("--discovery-url")
            case let argument where argument.hasPrefix("-") && argument != "-":
                throw Failure(description: "unknown option '\(argument)'", isUsage: true)
            case let argument: positionals.append(argument)
            }
            index += 1
        }
        guard positionals.count == 2 else {
            throw Failure(description: "fetch takes NAME and VERSION (e.g. `fetch drive v3`)", isUsage: true)
        }
        // Both become URL path segments and a file name: letters, digits, '.', '_' and '-' only.
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        for (label, text) in zip(["NAME", "VERSION"], positionals) {
            guard !text.isEmpty, text.allSatisfy(allowed.contains), text != ".", text != ".." else {
                throw Failure(description: "\(label) '\(text)' may hold only letters, digits, '.', '_' and '-'", isUsage: true)
            }
        }
        var command = FetchCommand(name: positionals[0], version: positionals[1], stripDescriptions: strip, output: output)
        if let url { command.discoveryURL = url }
        return command
    }

    // MARK: - Running

    /// The document's URL: the discovery URL with `{name}` and `{version}` filled in.
    /// - Throws: ``Failure`` (usage) when the result is not an http(s) URL.
    func documentURL() throws(Failure) -> URL {
        let text = discoveryURL.replacingOccurrences(of: "{name}", with: name).replacingOccurrences(of: "{version}", with: version)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else {
            throw Failure(description: "--discovery-url must be an http(s) URL, got '\(discoveryURL)'", isUsage: true)
        }
        return url
    }

    /// Downloads and checks the document, stripped of prose when asked.
    /// - Parameter transport: The HTTP transport (libcurl by default).
    /// - Returns: The bytes to write.
    /// - Throws: ``Failure`` for HTTP errors or a body that is not a Discovery document.
    func download(transport: any HTTPTransport = DefaultHTTPTransport.shared) async throws(Failure) -> Data {
        let url = try documentURL()
        let response: GoogleHTTPResponse
        do {
            var request = GoogleHTTPRequest(method: .get, url: url)
            request.headers["Accept"] = "application/json"
            // Discovery documents reach 5.7 MiB (Compute alpha); the limit stops an endless or
            // inflating answer long before it hurts.
            request.maxResponseBodyBytes = Self.maxDocumentBytes
            response = try await transport.send(request)
        } catch {
            throw Failure(description: "cannot download \(url.absoluteString): \(error)")
        }
        guard response.status == 200 else {
            throw Failure(description: "\(url.absoluteString) answered HTTP \(response.status)")
        }
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed]) as? [String: Any] else {
                throw Failure(description: "\(url.absoluteString) did not return a JSON object")
            }
            object = parsed
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(url.absoluteString) did not return JSON")
        }
        guard object["kind"] as? String == "discovery#restDescription" else {
            throw Failure(
                description: "\(url.absoluteString) is not a Discovery document (its \"kind\" is not \"discovery#restDescription\")")
        }
        return stripDescriptions
            ? Data(DiscoveryDocumentFormatter.format(DiscoveryDocumentFormatter.strippingProse(object)).utf8)
            : response.body
    }

    /// Writes the document to `--output`, standard output for `-`, or `NAME.VERSION.json`.
    /// Synchronous, for the main thread: the file I/O stays off the cooperative pool.
    /// - Returns: Where the document went (a path, or `-`).
    /// - Throws: ``Failure`` when the file cannot be written.
    func write(_ data: Data) throws(Failure) -> String {
        let destination = output ?? "\(name).\(version).json"
        do {
            if destination == "-" {
                FileHandle.standardOutput.write(data)
            } else {
                try data.write(to: URL(fileURLWithPath: destination), options: .atomic)
            }
        } catch {
            throw Failure(description: "cannot write \(destination): \(error.localizedDescription)")
        }
        return destination
    }
}
