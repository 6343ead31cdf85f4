import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import TestSupport
import Testing

@Suite("Pagination")
struct PaginationTests {
    /// Five pages of two files; `loop` makes page 3 point back to page 2's token; with `hold`,
    /// every page waits for the gate before it is answered.
    private static func backend(hits: Recorder<String>, loop: Bool = false, hold: Gate? = nil) throws -> TestBackend {
        try TestBackend { router, oauth in
            router.get("/drive/v3/files") { request, _ in
                hits.append(request.queryValue("pageToken") ?? "first")
                if let denied = requireToken(oauth, request) { return denied }
                await hold?.wait()
                let page = Int(request.queryValue("pageToken")?.dropFirst(5) ?? "1") ?? 1
                let next: String? = page < 5 ? "page-\(loop && page == 3 ? 2 : page + 1)" : nil
                let files = (0..<2).map { TestFile(id: "p\(page)-f\($0)") }
                return .json(TestFileList(nextPageToken: next, files: files))
            }
        }
    }

    private func client(_ backend: TestBackend) -> GoogleServiceClient {
        backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
    }

    private let call: APICall = {
        var call = APICall(method: .get, path: "files", scopes: [])
        call.addQuery("pageSize", 2)
        return call
    }()

    @Test func followsNextPageTokenToTheEnd() async throws {
        let hits = Recorder<String>()
        let backend = try Self.backend(hits: hits)
        var ids: [String] = []
        for try await file in client(backend).pages(call, as: TestFileList.self).items { ids.append(file.id ?? "") }
        #expect(ids.count == 10)
        #expect(ids.first == "p1-f0" && ids.last == "p5-f1")
        #expect(hits.values == ["first", "page-2", "page-3", "page-4", "page-5"])
    }

    @Test func pageCapStopsEarly() async throws {
        let hits = Recorder<String>()
        let backend = try Self.backend(hits: hits)
        var pages = 0
        for try await page in client(backend).pages(call, as: TestFileList.self, maxPages: 2) {
            pages += 1
            #expect(page.pageItems.count == 2)
        }
        #expect(pages == 2)
        #expect(hits.count == 2)
    }

    @Test func repeatedTokenStopsWithAnError() async throws {
        let backend = try Self.backend(hits: Recorder(), loop: true)
        var seen = 0
        await #expect(throws: GoogleAPIClientError.repeatedPageToken(page: 3)) {
            for try await _ in client(backend).pages(call, as: TestFileList.self) { seen += 1 }
        }
        #expect(seen == 3)
    }

    @Test func cancellationStopsIteration() async throws {
        let hits = Recorder<String>()
        // The first page is held until the test lets it go, so the cancellation lands while it is
        // in flight however late this task gets a thread again (a fixed delay could end first).
        let hold = Gate()
        defer { hold.open() }
        let backend = try Self.backend(hits: hits, hold: hold)
        let client = client(backend)
        let call = call
        let ended = Recorder<Bool>()
        let task = Task {
            defer { ended.append(true) }
            var count = 0
            for try await _ in client.pages(call, as: TestFileList.self) { count += 1 }
            return count
        }
        // A hang guard only: under load the first request has taken over a minute to arrive.
        #expect(await waitUntil(.seconds(300)) { hold.entered == 1 }, "the first page was never requested")
        task.cancel()
        // Only the cancellation can end the held request: a generous wait turns a transfer that
        // ignores it into a failure instead of a hang.
        let stopped = await waitUntil(.seconds(120)) { ended.count == 1 }
        #expect(stopped, "cancelling did not stop the held page request")
        hold.open()
        let result = await task.result
        #expect(throws: (any Error).self) { try result.get() }
        #expect(hits.count == 1)
        withExtendedLifetime(backend) {}
    }
}
