import Foundation
import Testing

@testable import GoogleAPIRuntime
@testable import GoogleEmulator

/// Header values servers and clients send: `Retry-After`, the upload status `Range`, the download
/// `Content-Range` (runtime), and the emulator's `Range` and `Content-Range` parsing.
@Suite("Fuzz: header values")
struct HeaderValueFuzzTests {
    static let numberTokens = [
        "bytes=", "bytes ", "*/", "/*", "-", ",", "0", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "18446744073709551615", "1e3", " ", "GMT", "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994", "+1", "0x10",
    ]

    @Test("Retry-After gives a non-negative delay or nothing")
    func retryAfter() async {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let samples = ["120", "0", "Wed, 21 Oct 2026 07:28:00 GMT", "Sun, 06 Nov 1994 08:49:37 GMT", "86400000000000"]
        let ran = await Fuzzer.run(
            "Retry-After", seed: 0x5245_5452_000E, samples: samples.map { Array($0.utf8) }, count: 4000,
            maxLength: 128, dictionary: Self.numberTokens
        ) { input in
            let text = String(decoding: input, as: UTF8.self)
            if let delay = RetryAfter.delay(from: ["Retry-After": text], now: now) {
                #expect(delay >= .zero, "\(text) → \(delay)")
            }
            _ = RetryAfter.parseHTTPDate(text)
        }
        #expect(ran == 4000)
    }

    @Test("Upload Range and download Content-Range give a consistent value or a typed refusal")
    func runtimeRanges() async {
        let samples = ["bytes=0-262143", "bytes 0-1048575/4194304", "bytes 100-199/*", "bytes */1000", "bytes=0-0"]
        let ran = await Fuzzer.run(
            "runtime Range/Content-Range", seed: 0x5241_4E47_000F, samples: samples.map { Array($0.utf8) },
            count: 4000, maxLength: 128, dictionary: Self.numberTokens
        ) { input in
            let text = String(decoding: input, as: UTF8.self)
            for total: Int64 in [0, 1, 1 << 20, .max] {
                // Typed throws: an offset or GoogleAPIClientError.
                if let next = try? ResumableUploader.nextOffset(from: ["Range": text], total: total) {
                    #expect(next >= 0 && next <= total, "\(text) → \(next) of \(total)")
                }
            }
            if let range = ContentRange(text) {
                #expect(range.first >= 0 && range.last >= range.first)
                if let total = range.total { #expect(range.last < total) }
            }
        }
        #expect(ran == 4000)
    }

    @Test("The emulator's Range and Content-Range parsing stays inside the file")
    func emulatorRanges() async {
        let samples = ["bytes=0-99", "bytes=-500", "bytes=100-", "bytes=0-0,5-9", "bytes 0-262143/1048576", "bytes */1048576", "bytes */*"]
        let ran = await Fuzzer.run(
            "emulator Range/Content-Range", seed: 0x454D_5552_0010, samples: samples.map { Array($0.utf8) },
            count: 4000, maxLength: 128, dictionary: Self.numberTokens
        ) { input in
            let text = String(decoding: input, as: UTF8.self)
            for size: Int64 in [0, 1, 1000, .max] {
                if case .range(let range) = ByteRange.parse(text, size: size) {
                    #expect(range.lowerBound >= 0 && range.upperBound <= size && !range.isEmpty, "\(text) → \(range) of \(size)")
                }
            }
            if let parsed = ResumableChunkReceiver.parseContentRange(text), let range = parsed.range {
                #expect(range.lowerBound >= 0 && range.upperBound < .max)
                if let total = parsed.total { #expect(range.upperBound < total) }
            }
        }
        #expect(ran == 4000)
    }
}
