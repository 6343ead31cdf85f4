import Foundation
import GoogleCrypto
import Testing

/// RS256 through the platform library (libcrypto here): keys made at test time.
@Suite struct RSAPrivateKeyTests {
    static let message = Array("eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJyb2JvdEBleGFtcGxlLmNvbSJ9".utf8)

    @Test func signaturesVerifyWithThePublicKeyAndNotWithAnother() throws {
        let key = try RSAPrivateKey.generate()
        #expect(key.bits == 2048)
        let signature = try key.signSHA256(Self.message)
        #expect(signature.count == 256)
        #expect(try key.publicKey().verifySHA256(signature: signature, message: Self.message))
        var tampered = signature
        tampered[17] ^= 0x40
        #expect(try !key.publicKey().verifySHA256(signature: tampered, message: Self.message))
        #expect(try !key.publicKey().verifySHA256(signature: signature, message: Self.message + [0]))
        #expect(try !RSAPrivateKey.generate().publicKey().verifySHA256(signature: signature, message: Self.message))
    }

    @Test func pkcs1v15IsDeterministicAndSurvivesAPEMRoundTrip() throws {
        let key = try RSAPrivateKey.generate()
        let reread = try RSAPrivateKey(pem: try key.pkcs8PEM())
        // RSASSA-PKCS1-v1_5 (RS256) has no randomness: the same key signs the same bytes alike.
        #expect(try reread.signSHA256(Self.message) == key.signSHA256(Self.message))
        let publicPEM = try key.publicKey().pem()
        #expect(publicPEM.hasPrefix("-----BEGIN PUBLIC KEY-----"))
        #expect(try RSAPublicKey(pem: publicPEM).verifySHA256(signature: reread.signSHA256(Self.message), message: Self.message))
    }

    @Test func badKeysAreTypedErrorsThatQuoteNothing() throws {
        let pem = try RSAPrivateKey.generate().pkcs8PEM()
        let lines = pem.split(separator: "\n").map(String.init)
        let cases: [(String, CryptoError.Code)] = [
            ("", .malformedKey),
            ("hello", .malformedKey),
            (lines.dropLast().joined(separator: "\n"), .malformedKey),
            ([lines[0], "%%%%", lines[lines.count - 1]].joined(separator: "\n"), .malformedKey),
            (([lines[0]] + lines[1...4] + [lines[lines.count - 1]]).joined(separator: "\n"), .malformedKey),
            (pem.replacingOccurrences(of: "PRIVATE KEY", with: "ENCRYPTED PRIVATE KEY"), .encryptedKey),
            (pem.replacingOccurrences(of: "PRIVATE KEY", with: "CERTIFICATE"), .malformedKey),
            (try NonRSATestKey.ed25519PEM(), .notRSA),
        ]
        for (text, code) in cases {
            #expect { _ = try RSAPrivateKey(pem: text) } throws: { error in
                guard let error = error as? CryptoError else { return false }
                return error.code == code && !error.description.contains(lines[2].prefix(16))
            }
        }
        #expect(!"\(try RSAPrivateKey(pem: pem))".contains(lines[2].prefix(16)))
    }
}
