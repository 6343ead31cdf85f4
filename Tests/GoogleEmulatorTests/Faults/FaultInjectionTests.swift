import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

@Suite struct FaultInjectionTests {
    @Test func statusFaultsWithRetryAfterThenRecovery() async throws {
        let harness = try EmulatorHarness()
        harness.emulator.faults.enqueue(.status(503, retryAfter: 2), matching: "/drive/v3/files", count: 2)
        harness.emulator.faults.enqueue(.status(429), matching: "/youtube/")
        let first = try await harness.send(.get, "/drive/v3/files")
        #expect(first.status == 503)
        #expect(first.headers["Retry-After"] == "2")
        #expect(first.errorReason == "backendError")
        #expect(try await harness.send(.get, "/drive/v3/files").status == 503)
        #expect(try await harness.send(.get, "/drive/v3/files").status == 200)
        let limited = try await harness.send(.get, "/youtube/v3/liveStreams?part=id&mine=true")
        #expect(limited.status == 429)
        #expect(limited.errorReason == "rateLimitExceeded")
        #expect(harness.emulator.faults.pendingCount == 0)
        #expect(harness.emulator.faults.injectedTotal == 3)
        let statuses = harness.emulator.recordedRequests.map(\.status)
        #expect(statuses == [503, 503, 200, 429])
    }

    @Test func droppedConnectionMidBodyFailsTheTransfer() async throws {
        let harness = try EmulatorHarness()
        harness.emulator.faults.enqueue(.dropConnection(afterBytes: 1000), matching: "/drive/v3/files/\(GoogleEmulator.Seed.binaryFileID)")
        await #expect(throws: HTTPTransportError.self) {
            _ = try await harness.send(.get, "/drive/v3/files/\(GoogleEmulator.Seed.binaryFileID)?alt=media")
        }
        let retry = try await harness.send(.get, "/drive/v3/files/\(GoogleEmulator.Seed.binaryFileID)?alt=media")
        #expect(retry.body.count == GoogleEmulator.Seed.binaryFileSize)
    }

    @Test func delayAndMethodFilter() async throws {
        let harness = try EmulatorHarness()
        harness.emulator.faults.enqueue(.delay(.milliseconds(400)), matching: "/drive/v3/about", method: .get)
        harness.emulator.faults.enqueue(.status(500), method: .delete)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try await harness.send(.get, "/drive/v3/about?fields=kind").status == 200)
        #expect(start.duration(to: clock.now) >= .milliseconds(400))
        // The DELETE-only fault leaves GETs alone.
        #expect(try await harness.send(.get, "/drive/v3/files/root").status == 200)
        #expect(try await harness.send(.delete, "/drive/v3/files/whatever").status == 500)
    }

    @Test func faultSpecificationsParse() throws {
        let rule = try FaultSpecification.parse("503:1@/drive/v3/files*2")
        #expect(rule.fault == .status(503, retryAfter: 1))
        #expect(rule.pathPrefix == "/drive/v3/files")
        #expect(rule.remaining == 2)
        #expect(try FaultSpecification.parse("PUT dropupload@/upload").fault == .dropUploadConnection(afterBytes: nil))
        #expect(try FaultSpecification.parse("PUT dropupload@/upload").method == .put)
        #expect(try FaultSpecification.parse("drop:100").fault == .dropConnection(afterBytes: 100))
        #expect(try FaultSpecification.parse("slow:10:50").fault == .slowBody(chunkSize: 10, delay: .milliseconds(50)))
        #expect(throws: FaultSpecification.ParseError.self) { try FaultSpecification.parse("teapot") }
        #expect(throws: FaultSpecification.ParseError.self) { try FaultSpecification.parse("503@nopath") }
        #expect(throws: FaultSpecification.ParseError.self) { try FaultSpecification.parse("503*0") }
        let handled = try FaultSpecification.parse("POST handled:500@/youtube/v3/liveBroadcasts/transition")
        #expect(handled.fault == .statusAfterHandling(500) && handled.method == .post)
        #expect(throws: FaultSpecification.ParseError.self) { try FaultSpecification.parse("handled:200") }
        #expect(throws: FaultSpecification.ParseError.self) { try FaultSpecification.parse("handled") }
    }
}
