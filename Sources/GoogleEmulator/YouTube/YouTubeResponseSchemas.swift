// MARK: - YouTubeResponseSchemas

/// The YouTube Data v3 schemas the emulator answers with and every schema inside them, as
/// `Specs/youtube.v3.json` has them (see ``DiscoverySchemaTable``). Written by
/// `UPDATE_EMULATOR_SCHEMAS=1 swift test --filter DiscoverySchemaTableTests`, which checks it against
/// the document on every run; `roots` is the list to edit when a route answers with another schema.
enum YouTubeResponseSchemas {
    /// The schemas routes answer with.
    static let roots = [
        "LiveBroadcast",
        "LiveBroadcastListResponse",
        "LiveChatBan",
        "LiveChatMessage",
        "LiveChatMessageListResponse",
        "LiveChatModerator",
        "LiveChatModeratorListResponse",
        "LiveStream",
        "LiveStreamListResponse",
        "Video",
        "VideoListResponse",
    ]

    static let table = DiscoverySchemaTable(text)

    static let text = """
        AccessPolicy allowed exception
        AvailabilityConfig globalConfig=AvailabilityConfigGlobalConfig regionsConfig=AvailabilityConfigRegionsConfig
        AvailabilityConfigGlobalConfig excludedRegionCodes interval=Interval
        AvailabilityConfigRegionsConfig regionIntervals=AvailabilityConfigRegionsConfigRegionInterval
        AvailabilityConfigRegionsConfigRegionInterval interval=Interval regionCode
        BrandPartner channelHandle channelId
        CdnSettings format frameRate ingestionInfo=IngestionInfo ingestionType resolution
        ChannelProfileDetails channelId channelUrl displayName profileImageUrl
        ContentRating acbRating agcomRating anatelRating bbfcRating bfvcRating bmukkRating catvRating catvfrRating
          cbfcRating cccRating cceRating chfilmRating chvrsRating cicfRating cnaRating cncRating csaRating cscfRating
          czfilmRating djctqRating djctqRatingReasons ecbmctRating eefilmRating egfilmRating eirinRating fcbmRating
          fcoRating fmocRating fpbRating fpbRatingReasons fskRating grfilmRating icaaRating ifcoRating ilfilmRating
          incaaRating kfcbRating kijkwijzerRating kmrbRating lsfRating mccaaRating mccypRating mcstRating mdaRating
          medietilsynetRating mekuRating menaMpaaRating mibacRating mocRating moctwRating mpaaRating mpaatRating
          mtrcbRating nbcRating nbcplRating nfrcRating nfvcbRating nkclvRating nmcRating oflcRating pefilmRating
          rcnofRating resorteviolenciaRating rtcRating rteRating russiaRating skfilmRating smaisRating smsaRating
          tvpgRating ytRating
        CuepointSchedule enabled pauseAdsUntil repeatIntervalSecs scheduleStrategy
        GeoPoint altitude latitude longitude
        IngestionInfo backupIngestionAddress ingestionAddress rtmpsBackupIngestionAddress rtmpsIngestionAddress
          streamName
        Interval endTime startTime
        LiveBroadcast contentDetails=LiveBroadcastContentDetails etag id kind
          monetizationDetails=LiveBroadcastMonetizationDetails snippet=LiveBroadcastSnippet
          statistics=LiveBroadcastStatistics status=LiveBroadcastStatus
        LiveBroadcastContentDetails availabilityConfig=AvailabilityConfig boundStreamId boundStreamLastUpdateTimeMs
          closedCaptionsType enableAutoStart enableAutoStop enableClosedCaptions enableContentEncryption enableDvr
          enableEmbed enableLowLatency latencyPreference mesh monitorStream=MonitorStreamInfo projection
          recordFromStart startWithSlate stereoLayout
        LiveBroadcastListResponse etag eventId items=LiveBroadcast kind nextPageToken pageInfo=PageInfo prevPageToken
          tokenPagination=TokenPagination visitorId
        LiveBroadcastMonetizationDetails cuepointSchedule=CuepointSchedule
        LiveBroadcastSnippet actualEndTime actualStartTime categoryId channelId description isDefaultBroadcast
          liveChatId publishedAt scheduledEndTime scheduledStartTime thumbnails=ThumbnailDetails title
        LiveBroadcastStatistics concurrentViewers
        LiveBroadcastStatus lifeCycleStatus liveBroadcastPriority madeForKids privacyStatus recordingStatus
          selfDeclaredMadeForKids
        LiveChatBan etag id kind snippet=LiveChatBanSnippet
        LiveChatBanSnippet banDurationSeconds bannedUserDetails=ChannelProfileDetails liveChatId type
        LiveChatFanFundingEventDetails amountDisplayString amountMicros currency userComment
        LiveChatGiftDetails altText comboCount giftDuration giftName giftUrl hasVisualEffect jewelsAmount language
        LiveChatGiftMembershipReceivedDetails associatedMembershipGiftingMessageId gifterChannelId memberLevelName
        LiveChatMemberMilestoneChatDetails memberLevelName memberMonth userComment
        LiveChatMembershipGiftingDetails giftMembershipsCount giftMembershipsLevelName
        LiveChatMessage authorDetails=LiveChatMessageAuthorDetails etag id kind snippet=LiveChatMessageSnippet
        LiveChatMessageAuthorDetails channelId channelUrl displayName isChatModerator isChatOwner isChatSponsor
          isVerified profileImageUrl
        LiveChatMessageDeletedDetails deletedMessageId
        LiveChatMessageListResponse activePollItem=LiveChatMessage etag eventId items=LiveChatMessage kind
          nextPageToken offlineAt pageInfo=PageInfo pollingIntervalMillis tokenPagination=TokenPagination visitorId
        LiveChatMessageRetractedDetails retractedMessageId
        LiveChatMessageSnippet authorChannelId displayMessage fanFundingEventDetails=LiveChatFanFundingEventDetails
          giftDetails=LiveChatGiftDetails giftMembershipReceivedDetails=LiveChatGiftMembershipReceivedDetails
          hasDisplayContent liveChatId memberMilestoneChatDetails=LiveChatMemberMilestoneChatDetails
          membershipGiftingDetails=LiveChatMembershipGiftingDetails
          messageDeletedDetails=LiveChatMessageDeletedDetails messageRetractedDetails=LiveChatMessageRetractedDetails
          newSponsorDetails=LiveChatNewSponsorDetails pollDetails=LiveChatPollDetails publishedAt
          superChatDetails=LiveChatSuperChatDetails superStickerDetails=LiveChatSuperStickerDetails
          textMessageDetails=LiveChatTextMessageDetails type userBannedDetails=LiveChatUserBannedMessageDetails
        LiveChatModerator etag id kind snippet=LiveChatModeratorSnippet
        LiveChatModeratorListResponse etag eventId items=LiveChatModerator kind nextPageToken pageInfo=PageInfo
          prevPageToken tokenPagination=TokenPagination visitorId
        LiveChatModeratorSnippet liveChatId moderatorDetails=ChannelProfileDetails
        LiveChatNewSponsorDetails isUpgrade memberLevelName
        LiveChatPollDetails metadata=LiveChatPollDetailsPollMetadata status
        LiveChatPollDetailsPollMetadata options=LiveChatPollDetailsPollMetadataPollOption questionText
        LiveChatPollDetailsPollMetadataPollOption optionText tally
        LiveChatSuperChatDetails amountDisplayString amountMicros currency tier userComment
        LiveChatSuperStickerDetails amountDisplayString amountMicros currency
          superStickerMetadata=SuperStickerMetadata tier
        LiveChatTextMessageDetails messageText
        LiveChatUserBannedMessageDetails banDurationSeconds banType bannedUserDetails=ChannelProfileDetails
        LiveStream cdn=CdnSettings contentDetails=LiveStreamContentDetails etag id kind snippet=LiveStreamSnippet
          status=LiveStreamStatus
        LiveStreamConfigurationIssue description reason severity type
        LiveStreamContentDetails closedCaptionsIngestionUrl isReusable
        LiveStreamHealthStatus configurationIssues=LiveStreamConfigurationIssue lastUpdateTimeSeconds status
        LiveStreamListResponse etag eventId items=LiveStream kind nextPageToken pageInfo=PageInfo prevPageToken
          tokenPagination=TokenPagination visitorId
        LiveStreamSnippet channelId description isDefaultStream publishedAt title
        LiveStreamStatus healthStatus=LiveStreamHealthStatus streamStatus
        MonitorStreamInfo broadcastStreamDelayMs embedHtml enableMonitorStream
        PageInfo resultsPerPage totalResults
        SuperStickerMetadata altText altTextLanguage stickerId
        Thumbnail height url width
        ThumbnailDetails default=Thumbnail fhd=Thumbnail high=Thumbnail maxres=Thumbnail medium=Thumbnail
          qhd=Thumbnail shortsAspectRatio=Thumbnail standard=Thumbnail uhd=Thumbnail
        TokenPagination
        Video ageGating=VideoAgeGating brandPartner=BrandPartner contentDetails=VideoContentDetails etag
          fileDetails=VideoFileDetails id kind liveStreamingDetails=VideoLiveStreamingDetails
          localizations=<VideoLocalization> monetizationDetails=VideoMonetizationDetails
          paidProductPlacementDetails=VideoPaidProductPlacementDetails player=VideoPlayer
          processingDetails=VideoProcessingDetails projectDetails=VideoProjectDetails
          recordingDetails=VideoRecordingDetails snippet=VideoSnippet statistics=VideoStatistics status=VideoStatus
          suggestions=VideoSuggestions topicDetails=VideoTopicDetails
        VideoAgeGating alcoholContent restricted videoGameRating
        VideoContentDetails caption contentRating=ContentRating countryRestriction=AccessPolicy definition dimension
          duration hasCustomThumbnail licensedContent projection
          regionRestriction=VideoContentDetailsRegionRestriction
        VideoContentDetailsRegionRestriction allowed blocked
        VideoFileDetails audioStreams=VideoFileDetailsAudioStream bitrateBps container creationTime durationMs
          fileName fileSize fileType videoStreams=VideoFileDetailsVideoStream
        VideoFileDetailsAudioStream bitrateBps channelCount codec vendor
        VideoFileDetailsVideoStream aspectRatio bitrateBps codec frameRateFps heightPixels rotation vendor widthPixels
        VideoListResponse etag eventId items=Video kind nextPageToken pageInfo=PageInfo prevPageToken
          tokenPagination=TokenPagination visitorId
        VideoLiveStreamingDetails activeLiveChatId actualEndTime actualStartTime concurrentViewers scheduledEndTime
          scheduledStartTime
        VideoLocalization description title
        VideoMonetizationDetails access=AccessPolicy
        VideoPaidProductPlacementDetails hasPaidProductPlacement
        VideoPlayer embedHeight embedHtml embedWidth
        VideoProcessingDetails editorSuggestionsAvailability fileDetailsAvailability processingFailureReason
          processingIssuesAvailability processingProgress=VideoProcessingDetailsProcessingProgress processingStatus
          tagSuggestionsAvailability thumbnailsAvailability
        VideoProcessingDetailsProcessingProgress partsProcessed partsTotal timeLeftMs
        VideoProjectDetails
        VideoRecordingDetails location=GeoPoint locationDescription recordingDate
        VideoSnippet categoryId channelId channelTitle defaultAudioLanguage defaultLanguage description
          liveBroadcastContent localized=VideoLocalization publishedAt tags thumbnails=ThumbnailDetails title
        VideoStatistics commentCount dislikeCount favoriteCount likeCount viewCount
        VideoStatus containsSyntheticMedia embeddable failureReason license madeForKids privacyStatus
          publicStatsViewable publishAt rejectionReason selfDeclaredMadeForKids uploadStatus
        VideoSuggestions editorSuggestions processingErrors processingHints processingWarnings
          tagSuggestions=VideoSuggestionsTagSuggestion
        VideoSuggestionsTagSuggestion categoryRestricts tag
        VideoTopicDetails relevantTopicIds topicCategories topicIds
        """
}
