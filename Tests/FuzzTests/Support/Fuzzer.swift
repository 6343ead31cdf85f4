import Foundation
import Synchronization

// MARK: - Fuzzer

/// Feeds a parser its real samples, then random mutations of them and some purely random bytes,
/// a fixed number of times from a fixed seed.
///
/// Every input counts; ``run(_:seed:samples:count:maxLength:dictionary:body:)`` returns how many
/// ran (in each round, see ``rounds``) so a test can assert that the whole budget was used, and
/// the tally of all rounds is printed.
struct Fuzzer {
    /// Bytes that make parsers change state: structure, escapes, sign and exponent characters,
    /// line ends, invalid UTF-8 lead bytes.
    static let interestingBytes: [UInt8] = Array("\"\\{}[],:-+0123456789eE.\r\n\t /=;&?%#".utf8) + [0, 0x7F, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]

    /// Tokens spliced in whole: JSON literals and hostile numbers, HTTP framing, escapes.
    static let commonTokens: [String] = [
        "null", "true", "false", "-0", "1e999", "-1e999", "1e-999", "9223372036854775807", "9223372036854775808",
        "-9223372036854775809", "18446744073709551616", "0.0000000000000000000001", "NaN", "Infinity",
        "\\u0000", "\\ud800", "\\udc00\\ud800", "\\u", "\"", "{}", "[]", "{\"a\":", "\r\n", "\r\n\r\n", "\n", ": ",
        "%", "%00", "%zz", "%C3", "=", "&", "?", "#", "bytes ", "bytes=", "*/", "-", "/", ",", ";", "Content-Length: ",
        "Transfer-Encoding: chunked", "\u{0}", "\u{FEFF}", "🙂",
    ]

    private var random: SplitMix64
    private let dictionary: [[UInt8]]

    init(seed: UInt64, dictionary: [String]) {
        random = SplitMix64(seed: seed)
        self.dictionary = (Self.commonTokens + dictionary).map { Array($0.utf8) }
    }

    // MARK: - Running

    /// Runs `body` on `count` inputs: the samples as they are, then mutations (and one in ten
    /// purely random inputs), each at most `maxLength` bytes; ``rounds`` times over with
    /// `FUZZ_ROUNDS` set.
    ///
    /// Yields the thread every ``inputsPerSlice`` inputs: a fuzz test is seconds of CPU work, and
    /// run in one go it would hold one of the cooperative pool's few threads for all of it
    /// (tens of seconds on a loaded 2-core machine), starving the tests running beside it — a
    /// streamed upload in another test stalled past its server's 30 s read timeout that way.
    /// - Returns: How many inputs ran in each round (always `count`).
    @discardableResult
    static func run(
        _ name: String, seed: UInt64, samples: [[UInt8]], count: Int, maxLength: Int = 4096, dictionary: [String] = [],
        body: ([UInt8]) throws -> Void
    ) async rethrows -> Int {
        try await runAsync(name, seed: seed, samples: samples, count: count, maxLength: maxLength, dictionary: dictionary) { input in
            try body(input)
        }
    }

    /// How many inputs run between two yields (a few milliseconds of work).
    static let inputsPerSlice = 16

    /// `FUZZ_ROUNDS=<k>` runs each campaign of ``run(_:seed:samples:count:maxLength:dictionary:body:)``
    /// and ``runAsync(_:seed:samples:count:maxLength:dictionary:body:)`` k times, each round from
    /// its own seed (the first is the usual one), for a longer hunt — say under
    /// `--sanitize=address`. The runners still return the inputs of one round, so the tests'
    /// budget checks hold.
    static let rounds: Int = {
        guard let text = ProcessInfo.processInfo.environment["FUZZ_ROUNDS"], let value = Int(text), value > 1 else { return 1 }
        return value
    }()

    /// Round 0 keeps the campaign's seed; later rounds hash it with the round number, so their
    /// streams are unrelated (a seed a multiple of the generator's step away would only replay
    /// round 0's stream a few draws later).
    static func seed(_ seed: UInt64, round: Int) -> UInt64 {
        guard round > 0 else { return seed }
        var mixer = SplitMix64(seed: seed ^ UInt64(round))
        return mixer.next()
    }

    /// With `FUZZ_KEEP_INPUT=<folder>` set, writes each input there before running it, so the input
    /// that crashed the process is on disk (`<name>.last`, and where it came from in `<name>.last.index`)
    /// to turn into a regression test.
    static func keepForReproduction(_ input: [UInt8], name: String, round: Int, index: Int, seed: UInt64) {
        guard let folder = ProcessInfo.processInfo.environment["FUZZ_KEEP_INPUT"] else { return }
        let file = URL(fileURLWithPath: folder).appendingPathComponent(name.replacingOccurrences(of: "/", with: "_") + ".last")
        try? Data(input).write(to: file)
        let origin = "round \(round), input \(index), seed 0x\(String(seed, radix: 16))"
        try? Data(origin.utf8).write(to: file.appendingPathExtension("index"))
    }

    /// ``run(_:seed:samples:count:maxLength:dictionary:body:)`` for parsers that must be awaited.
    @discardableResult
    static func runAsync(
        _ name: String, seed: UInt64, samples: [[UInt8]], count: Int, maxLength: Int = 4096, dictionary: [String] = [],
        body: ([UInt8]) async throws -> Void
    ) async rethrows -> Int {
        var ran = 0
        for round in 0..<rounds {
            let roundSeed = Self.seed(seed, round: round)
            for (index, input) in inputs(seed: roundSeed, samples: samples, count: count, maxLength: maxLength, dictionary: dictionary)
                .enumerated()
            {
                keepForReproduction(input, name: name, round: round, index: index, seed: roundSeed)
                try await body(input)
                ran += 1
                if ran % inputsPerSlice == 0 { await Task.yield() }
            }
        }
        FuzzTally.record(name, ran)
        return ran / rounds
    }

    /// The `count` inputs a seed produces.
    static func inputs(seed: UInt64, samples: [[UInt8]], count: Int, maxLength: Int, dictionary: [String]) -> [[UInt8]] {
        var fuzzer = Fuzzer(seed: seed, dictionary: dictionary)
        let corpus = samples.isEmpty ? [[]] : samples
        return (0..<count).map { index in
            if index < corpus.count { return Array(corpus[index].prefix(maxLength)) }
            if index % 10 == 0 { return fuzzer.randomInput(maxLength: min(maxLength, 256)) }
            return fuzzer.mutate(corpus[fuzzer.random.below(corpus.count)], corpus: corpus, maxLength: maxLength)
        }
    }

    // MARK: - Inputs

    mutating func randomInput(maxLength: Int) -> [UInt8] {
        let length = random.below(maxLength + 1)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        while bytes.count < length {
            if random.below(3) == 0 {
                bytes += dictionary[random.below(dictionary.count)]
            } else {
                bytes.append(UInt8(truncatingIfNeeded: random.next()))
            }
        }
        return Array(bytes.prefix(length))
    }

    /// One to four edits of `input`.
    mutating func mutate(_ input: [UInt8], corpus: [[UInt8]], maxLength: Int) -> [UInt8] {
        var bytes = input
        for _ in 0...random.below(4) {
            let position = bytes.isEmpty ? 0 : random.below(bytes.count)
            switch random.below(10) {
            case 0 where !bytes.isEmpty:
                bytes[position] ^= UInt8(1) << UInt8(random.below(8))
            case 1 where !bytes.isEmpty:
                bytes[position] = UInt8(truncatingIfNeeded: random.next())
            case 2 where !bytes.isEmpty:
                bytes[position] = Self.interestingBytes[random.below(Self.interestingBytes.count)]
            case 3 where !bytes.isEmpty:
                let length = 1 + random.below(min(32, bytes.count - position))
                bytes.removeSubrange(position..<(position + length))
            case 4 where !bytes.isEmpty:
                let length = 1 + random.below(min(64, bytes.count - position))
                let piece = bytes[position..<(position + length)]
                bytes.insert(contentsOf: piece, at: random.below(bytes.count + 1))
            case 5:
                bytes.insert(contentsOf: dictionary[random.below(dictionary.count)], at: min(position, bytes.count))
            case 6 where !bytes.isEmpty:
                bytes.removeSubrange(position...)
            case 7:
                let other = corpus[random.below(corpus.count)]
                let cut = other.isEmpty ? 0 : random.below(other.count)
                bytes = Array(bytes.prefix(position)) + other[cut...]
            case 8:
                // Deep nesting or long runs: what recursion and counters trip over.
                let token = dictionary[random.below(dictionary.count)].prefix(2)
                let repeats = 16 << random.below(7)
                bytes.insert(contentsOf: Array(repeating: Array(token), count: repeats).joined(), at: min(position, bytes.count))
            default:
                bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: min(position, bytes.count))
            }
        }
        return Array(bytes.prefix(maxLength))
    }
}

// MARK: - FuzzTally

/// How many inputs each fuzz test ran, printed as it finishes so the count shows in test output.
enum FuzzTally {
    private static let counts = Mutex<[String: Int]>([:])

    static func record(_ name: String, _ count: Int) {
        let total = counts.withLock { counts -> Int in
            counts[name, default: 0] += count
            return counts.values.reduce(0, +)
        }
        print("fuzz: \(name): \(count) inputs (\(total) so far in this process)")
    }
}
