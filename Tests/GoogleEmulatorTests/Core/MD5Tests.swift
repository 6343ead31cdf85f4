import Foundation
import GoogleEmulator
import Testing

@Suite struct EmulatorInternalsTests {
    @Test func md5MatchesKnownVectors() {
        #expect(EmulatorTestHooks.md5(Data()) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(EmulatorTestHooks.md5(Data("abc".utf8)) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(EmulatorTestHooks.md5(Data("The quick brown fox jumps over the lazy dog".utf8)) == "9e107d9d372bb6826bd81d3542a419d6")
        let long = Data(repeating: 0x61, count: 1_000_000)
        #expect(EmulatorTestHooks.md5(long) == "7707d6ae4e027c70eea2a935c2296f21")
        // Fed in odd-sized pieces, the digest is the same.
        #expect(
            EmulatorTestHooks.md5(pieces: [long.prefix(3), long.dropFirst(3).prefix(100), long.dropFirst(103)])
                == "7707d6ae4e027c70eea2a935c2296f21")
    }
}
