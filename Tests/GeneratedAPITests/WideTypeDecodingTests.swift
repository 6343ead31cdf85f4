import Foundation
import GoogleAPIRuntime
import GoogleYouTube
import Testing

// MARK: - Wide types and enums

/// Types with more members than one decoding `switch` handles (`ContentRating`: 71, decoded in
/// groups of 16), and enums whose `init(rawValue:)` switches over a key table: every group and
/// every case position decodes, encodes, compares and hashes like a small type.
@Suite struct WideTypeDecodingTests {
    private static let fast = GoogleJSONDecoder()

    /// Members 1, 16, 17 and 18 (the first two groups' edges), 33 and 71 (the last).
    private static let json = """
        {"acbRating": "acbE", "cncRating": "cncT", "csaRating": "csaT", "cscfRating": "cscfAl",
         "icaaRating": "icaa7", "ytRating": "ytAgeRestricted", "unknownFutureRating": "x",
         "djctqRatingReasons": ["djctqViolence", "djctqSensitiveTopics", "somethingNew"]}
        """

    @Test func everyMemberGroupDecodesOnBothPaths() throws {
        for rating in [
            try Self.fast.decode(YouTube.ContentRating.self, from: Data(Self.json.utf8)),
            try JSONDecoder().decode(YouTube.ContentRating.self, from: Data(Self.json.utf8)),
        ] {
            #expect(rating.acbRating == .acbE)
            #expect(rating.cncRating == .cncT)
            #expect(rating.csaRating == .csaT)
            #expect(rating.cscfRating == .cscfAl)
            #expect(rating.icaaRating == .icaa7)
            #expect(rating.ytRating == .ytAgeRestricted)
            #expect(rating.bbfcRating == nil)
            #expect(rating.djctqRatingReasons == [.djctqViolence, .djctqSensitiveTopics, .unrecognized("somethingNew")])
        }
    }

    @Test func wideTypesRoundTripAndCompareEveryMember() throws {
        let rating = try Self.fast.decode(YouTube.ContentRating.self, from: Data(Self.json.utf8))
        let encoded = try JSONEncoder().encode(rating)
        #expect(try Self.fast.decode(YouTube.ContentRating.self, from: encoded) == rating)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["ytRating"] as? String == "ytAgeRestricted")
        #expect(object["unknownFutureRating"] == nil)
        #expect(object.count == 7)

        // `==` sees a change in the last member and in the first.
        var changed = rating
        changed.ytRating = .ytUnspecified
        #expect(changed != rating)
        changed = rating
        changed.acbRating = nil
        #expect(changed != rating)
        changed.acbRating = .acbE
        #expect(changed == rating)
    }

    @Test func enumsMatchEveryCasePositionAndCompareByWireValue() throws {
        // DjctqRatingReasonsItem has 17 cases; each wire value maps back to its case.
        let reasons: [YouTube.ContentRating.DjctqRatingReasonsItem] = [
            .djctqCriminalActs, .djctqDrugs, .djctqExplicitSex, .djctqExtremeViolence, .djctqFantasyViolence,
            .djctqFear, .djctqIllegalDrugs, .djctqImpactingContent, .djctqInappropriateLanguage, .djctqLegalDrugs,
            .djctqMedicalProcedures, .djctqNudity, .djctqRatingReasonUnspecified, .djctqSensitiveTopics, .djctqSex,
            .djctqSexualContent, .djctqViolence,
        ]
        #expect(Set(reasons).count == 17)
        for reason in reasons {
            #expect(YouTube.ContentRating.DjctqRatingReasonsItem(rawValue: reason.rawValue) == reason)
        }
        #expect(YouTube.ContentRating.DjctqRatingReasonsItem(rawValue: "DJCTQ_VIOLENCE") == .unrecognized("DJCTQ_VIOLENCE"))
        #expect(YouTube.ContentRating.DjctqRatingReasonsItem(rawValue: "") == .unrecognized(""))
        // Equal and hashed alike when the wire values are.
        let spelled = YouTube.ContentRating.YtRating.unrecognized("ytAgeRestricted")
        #expect(spelled == .ytAgeRestricted)
        #expect(Set([spelled, .ytAgeRestricted, .ytUnspecified]).count == 2)
        #expect(YouTube.ContentRating.YtRating.ytAgeRestricted != .ytUnspecified)
    }

    @Test func parametersValuesCompareAndHashEveryMember() {
        let a = YouTube.SearchResource.ListParameters(part: ["snippet"], channelId: "c", q: "cats", videoDuration: .long)
        var b = a
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        b.videoDuration = .short
        #expect(a != b)
        #expect(Set([a, b]).count == 2)
    }
}
