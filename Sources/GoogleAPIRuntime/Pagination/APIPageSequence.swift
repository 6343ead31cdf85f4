// MARK: - APIPageSequence

/// The pages of a list call, fetched one at a time as iteration proceeds, following
/// `nextPageToken`.
///
/// A field mask that leaves `nextPageToken` out (`fields: [.files([.id])]`) would end the
/// sequence after its first page without a word: the sequence adds `nextPageToken` to such a
/// mask, so every page still comes (a mask naming it, or `*`, is sent as written).
///
/// Iteration stops after the last page or `maxPages`, throws `CancellationError` when the task is
/// cancelled, and throws ``GoogleAPIClientError/Code/repeatedPageToken`` (after yielding the
/// page) when the server returns a token it returned before, which would otherwise loop forever.
public struct APIPageSequence<Page: PageableResponse>: AsyncSequence, Sendable {
    public typealias Element = Page

    let client: GoogleServiceClient
    let call: APICall
    let maxPages: Int?

    init(client: GoogleServiceClient, call: APICall, maxPages: Int?) {
        self.client = client
        self.call = call
        self.maxPages = maxPages
    }

    /// The items of every page, in order.
    public var items: APIItemSequence<Page> { APIItemSequence(pages: self) }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, call: call, maxPages: maxPages)
    }

    // MARK: - AsyncIterator

    public struct AsyncIterator: AsyncIteratorProtocol {
        let client: GoogleServiceClient
        let call: APICall
        let maxPages: Int?
        private var pageCount = 0
        private var nextToken: String?
        private var seenTokens: Set<String> = []
        private var finished = false
        private var pendingError: GoogleAPIClientError?

        init(client: GoogleServiceClient, call: APICall, maxPages: Int?) {
            self.client = client
            self.call = call
            self.maxPages = maxPages
            self.nextToken = call.queryValue("pageToken")
        }

        public mutating func next() async throws -> Page? {
            if let pendingError {
                self.pendingError = nil
                finished = true
                throw pendingError
            }
            if finished { return nil }
            if let maxPages, pageCount >= maxPages {
                finished = true
                return nil
            }
            try Task.checkCancellation()
            var pageCall = call
            pageCall.setQuery("pageToken", nextToken)
            let page: Page
            do {
                page = try await client.execute(pageCall, as: Page.self)
            } catch {
                finished = true
                throw error
            }
            pageCount += 1
            if let token = page.nextPageToken, !token.isEmpty {
                if token == nextToken || !seenTokens.insert(token).inserted {
                    pendingError = .repeatedPageToken(page: pageCount)
                }
                nextToken = token
            } else {
                finished = true
            }
            return page
        }
    }
}

// MARK: - APIItemSequence

/// The items of every page of a list call, fetching pages as needed.
public struct APIItemSequence<Page: PageableResponse>: AsyncSequence, Sendable {
    public typealias Element = Page.Item

    let pages: APIPageSequence<Page>

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator())
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: APIPageSequence<Page>.AsyncIterator
        var buffer: [Page.Item] = []
        var position = 0

        public mutating func next() async throws -> Page.Item? {
            while position >= buffer.count {
                guard let page = try await pages.next() else { return nil }
                buffer = page.pageItems
                position = 0
            }
            defer { position += 1 }
            return buffer[position]
        }
    }
}

// MARK: - GoogleServiceClient

extension GoogleServiceClient {
    /// The pages of a list call.
    ///
    /// The call's field mask gets `nextPageToken` when it lacks it, so a mask never stops the
    /// sequence early.
    /// - Parameters:
    ///   - call: The first page's call; `pageToken` is replaced for later pages.
    ///   - type: The page type.
    ///   - maxPages: Stop after this many pages (`nil`: follow every page).
    public func pages<Page: PageableResponse>(_ call: APICall, as type: Page.Type, maxPages: Int? = nil) -> APIPageSequence<Page> {
        var call = call
        if let fields = call.options.fields {
            call.options.fields = GoogleFieldMaskSyntax.adding(["nextPageToken"], to: fields)
        }
        return APIPageSequence(client: self, call: call, maxPages: maxPages)
    }
}
