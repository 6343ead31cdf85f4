import Foundation
import GoogleAuth
import GoogleBase
import Testing

@Suite("SHA-256 (FIPS 180-4 vectors)")
struct SHA256Tests {
    @Test(
        "Short messages",
        arguments: [
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func vectors(message: String, expected: String) {
        #expect(SHA256.hex(SHA256.hash(message)) == expected)
    }

    @Test("One million 'a'")
    func millionA() {
        let digest = SHA256.hash(repeatElement(UInt8(ascii: "a"), count: 1_000_000))
        #expect(SHA256.hex(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("Incremental updates across block boundaries match one-shot hashing")
    func incremental() {
        let message = Array((0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        for split in [0, 1, 55, 56, 63, 64, 65, 127, 999] {
            var hasher = SHA256.Hasher()
            hasher.update(message[..<split])
            hasher.update(message[split...])
            #expect(hasher.finalize() == SHA256.hash(message), "split at \(split)")
        }
    }

    @Test("Padding edge lengths differ from each other")
    func paddingEdges() {
        let digests = (54...66).map { SHA256.hash(repeatElement(UInt8(0x61), count: $0)) }
        #expect(Set(digests.map(SHA256.hex)).count == digests.count)
        #expect(digests.allSatisfy { $0.count == 32 })
    }
}
