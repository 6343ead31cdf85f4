import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - CodegenRunner

/// Runs a parsed command line: generates every document (in parallel), writes files whose
/// contents changed, deletes the ones an earlier run wrote that no longer exist, reports
/// diagnostics.
public enum CodegenRunner {
    /// - Parameters:
    ///   - commandLine: What to generate.
    ///   - report: Receives diagnostics and progress lines.
    /// - Returns: The number of documents that failed.
    public static func run(_ commandLine: CodegenCommandLine, report: @escaping @Sendable (String) -> Void) -> Int {
        let documents = commandLine.documents
        let results = ResultSlots(count: documents.count)
        DispatchQueue.concurrentPerform(iterations: documents.count) { index in
            let url = URL(fileURLWithPath: documents[index])
            do {
                let costs = try commandLine.quotaCosts.map { path throws(DiscoveryParseError) in
                    try QuotaCostTable.read(URL(fileURLWithPath: path))
                }
                let output = try CodeGenerator.generate(
                    contentsOf: url, moduleName: commandLine.moduleName, quotaCosts: costs,
                    subset: commandLine.include.isEmpty ? nil : DiscoverySubset(commandLine.include))
                let directory =
                    documents.count == 1
                    ? URL(fileURLWithPath: commandLine.outputDirectory)
                    : URL(fileURLWithPath: commandLine.outputDirectory).appendingPathComponent(
                        CodegenCommandLine.outputFolderName(of: documents[index]))
                try write(output.files, to: directory)
                results.set(index, .success(directory.path))
            } catch let error as DiscoveryParseError {
                results.set(index, .failure(error.description))
            } catch let error as CodegenWriteError {
                results.set(index, .failure(error.description))
            } catch {
                results.set(index, .failure("\(url.path):1: error: \(error)"))
            }
        }
        var failures = 0
        for result in results.values {
            switch result {
            case .success(let directory): if !commandLine.quiet { report("wrote \(directory)") }
            case .failure(let message):
                failures += 1
                report(message)
            case nil: failures += 1
            }
        }
        return failures
    }

    /// Writes files, leaving unchanged ones untouched so incremental builds stay incremental.
    /// Called only with a whole document's output; every name is checked before anything is
    /// written, so a bad name leaves the directory as it was.
    /// - Throws: `CodegenWriteError` naming the file and what failed.
    static func write(_ files: [GeneratedFile], to directory: URL) throws(CodegenWriteError) {
        for file in files {
            let name = file.name
            guard !name.isEmpty, name.utf8.count <= 255, name != ".", name != "..",
                !name.contains("/"), !name.contains("\\"), !name.unicodeScalars.contains(where: { $0.value < 0x20 })
            else {
                throw CodegenWriteError(
                    path: directory.path, message: "refusing to write a file named '\(CodegenCommandLine.printable(name))'")
            }
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CodegenWriteError(path: directory.path, message: "cannot create the output directory: \(Self.reason(error))")
        }
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if let existing = try? Data(contentsOf: url), existing == data { continue }
            try GeneratedFileWriter.replace(url, with: data)
        }
        try removeStale(keeping: files, in: directory)
    }

    /// Deletes the files an earlier run wrote for the same module that this one did not (an
    /// earlier file layout, a schema the API dropped): left in checked-in sources they would
    /// declare their types twice. Only `<Module>+….swift` files that start with the generated
    /// header go; anything else in the directory stays.
    /// - Throws: `CodegenWriteError` when a stale file cannot be deleted.
    static func removeStale(keeping files: [GeneratedFile], in directory: URL) throws(CodegenWriteError) {
        guard let first = files.first?.name, let plus = first.firstIndex(of: "+") else { return }
        let prefix = String(first[...plus])
        let kept = Set(files.map(\.name))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".swift") && !kept.contains(name) {
            let url = directory.appendingPathComponent(name)
            guard let handle = try? FileHandle(forReadingFrom: url) else { continue }
            let header = Data(("// " + Renderer.generatedHeader).utf8)
            let head = (try? handle.read(upToCount: header.count)) ?? nil
            try? handle.close()
            guard let head, head == header else { continue }
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw CodegenWriteError(path: url.path, message: "cannot delete this file of an earlier run: \(Self.reason(error))")
            }
        }
    }

    /// The operating system's reason, without Foundation's error-domain dump.
    private static func reason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}

// MARK: - ResultSlots

/// Per-document results filled from concurrent workers.
private final class ResultSlots: @unchecked Sendable {
    enum Result {
        case success(String)
        case failure(String)
    }
    private let lock = NSLock()
    private var storage: [Result?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result) {
        lock.lock()
        defer { lock.unlock() }
        storage[index] = result
    }

    var values: [Result?] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
