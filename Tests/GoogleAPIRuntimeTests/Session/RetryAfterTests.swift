import Foundation
import GoogleAPIRuntime
import Testing

// MARK: - RetryAfterTests

@Suite("Retry-After parsing")
struct RetryAfterTests {
    // MARK: - Retry-After

    @Test("A Retry-After date far in the future or a huge number of seconds does not trap")
    func retryAfterFarFuture() {
        let far = RetryAfter.delay(from: ["Retry-After": "Sun, 06 Nov 999999999 08:49:37 GMT"])
        #expect(far.map { $0 > .zero && $0 <= .seconds(366 * 86_400) } ?? true)
        let digits = RetryAfter.delay(from: ["Retry-After": "99999999999999999999999"])
        #expect(digits == .seconds(366 * 86_400))
    }
}
