// MARK: - DriveResponseSchemas

/// The Drive v3 schemas the emulator answers with and every schema inside them, as
/// `Specs/drive.v3.json` has them (see ``DiscoverySchemaTable``). Written by
/// `UPDATE_EMULATOR_SCHEMAS=1 swift test --filter DiscoverySchemaTableTests`, which checks it against
/// the document on every run; `roots` is the list to edit when a route answers with another schema.
enum DriveResponseSchemas {
    /// The schemas routes answer with.
    static let roots = [
        "About",
        "Change",
        "ChangeList",
        "Channel",
        "Drive",
        "DriveList",
        "File",
        "FileList",
        "Permission",
        "PermissionList",
        "StartPageToken",
    ]

    static let table = DiscoverySchemaTable(text)

    static let text = """
        About appInstalled canCreateDrives canCreateTeamDrives driveThemes=About.driveThemes exportFormats=<>
          folderColorPalette importFormats=<> kind maxImportSizes=<> maxUploadSize storageQuota=About.storageQuota
          teamDriveThemes=About.teamDriveThemes user=User
        About.driveThemes backgroundImageLink colorRgb id
        About.storageQuota limit usage usageInDrive usageInDriveTrash
        About.teamDriveThemes backgroundImageLink colorRgb id
        Change changeType drive=Drive driveId file=File fileId kind removed teamDrive=TeamDrive teamDriveId time type
        ChangeList changes=Change kind newStartPageToken nextPageToken
        Channel address expiration id kind params=<> payload resourceId resourceUri token type
        ClientEncryptionDetails decryptionMetadata=DecryptionMetadata encryptionState
        ContentRestriction ownerRestricted readOnly reason restrictingUser=User restrictionTime systemRestricted type
        DecryptionMetadata aes256GcmChunkSize encryptionResourceKeyHash jwt kaclsId kaclsName keyFormat wrappedKey
        DownloadRestriction restrictedForReaders restrictedForWriters
        DownloadRestrictionsMetadata effectiveDownloadRestrictionWithContext=DownloadRestriction
          itemDownloadRestriction=DownloadRestriction
        Drive backgroundImageFile=Drive.backgroundImageFile backgroundImageLink capabilities=Drive.capabilities
          colorRgb createdTime hidden id kind name orgUnitId restrictions=Drive.restrictions themeId
        Drive.backgroundImageFile id width xCoordinate yCoordinate
        Drive.capabilities canAddChildren canChangeCopyRequiresWriterPermissionRestriction
          canChangeDomainUsersOnlyRestriction canChangeDownloadRestriction canChangeDriveBackground
          canChangeDriveMembersOnlyRestriction canChangeSharingFoldersRequiresOrganizerPermissionRestriction
          canComment canCopy canDeleteChildren canDeleteDrive canDownload canEdit canListChildren canManageMembers
          canReadRevisions canRename canRenameDrive canResetDriveRestrictions canShare canTrashChildren
        Drive.restrictions adminManagedRestrictions copyRequiresWriterPermission domainUsersOnly
          downloadRestriction=DownloadRestriction driveMembersOnly sharingFoldersRequiresOrganizerPermission
        DriveList drives=Drive kind nextPageToken
        File appProperties=<> capabilities=File.capabilities clientEncryptionDetails=ClientEncryptionDetails
          contentHints=File.contentHints contentRestrictions=ContentRestriction copyRequiresWriterPermission
          createdTime description downloadRestrictions=DownloadRestrictionsMetadata driveId explicitlyTrashed
          exportLinks=<> fileExtension folderColorRgb fullFileExtension hasAugmentedPermissions hasThumbnail
          headRevisionId iconLink id imageMediaMetadata=File.imageMediaMetadata inheritedPermissionsDisabled
          isAppAuthorized kind labelInfo=File.labelInfo lastModifyingUser=User
          linkShareMetadata=File.linkShareMetadata md5Checksum mimeType modifiedByMe modifiedByMeTime modifiedTime
          name originalFilename ownedByMe owners=User parents permissionIds permissions=Permission properties=<>
          quotaBytesUsed resourceKey sha1Checksum sha256Checksum shared sharedWithMeTime sharingUser=User
          shortcutDetails=File.shortcutDetails size spaces starred teamDriveId thumbnailLink thumbnailVersion trashed
          trashedTime trashingUser=User version videoMediaMetadata=File.videoMediaMetadata viewedByMe viewedByMeTime
          viewersCanCopyContent webContentLink webViewLink writersCanShare
        File.capabilities canAcceptOwnership canAccessViaGenAi canAddChildren canAddFolderFromAnotherDrive
          canAddMyDriveParent canChangeCopyRequiresWriterPermission canChangeItemDownloadRestriction
          canChangeSecurityUpdateEnabled canChangeViewersCanCopyContent canComment canCopy canDelete canDeleteChildren
          canDisableInheritedPermissions canDownload canEdit canEnableInheritedPermissions canListChildren
          canModifyContent canModifyContentRestriction canModifyEditorContentRestriction canModifyLabels
          canModifyOwnerContentRestriction canMoveChildrenOutOfDrive canMoveChildrenOutOfTeamDrive
          canMoveChildrenWithinDrive canMoveChildrenWithinTeamDrive canMoveItemIntoTeamDrive canMoveItemOutOfDrive
          canMoveItemOutOfTeamDrive canMoveItemWithinDrive canMoveItemWithinTeamDrive canMoveTeamDriveItem
          canReadDrive canReadLabels canReadRevisions canReadTeamDrive canRemoveChildren canRemoveContentRestriction
          canRemoveMyDriveParent canRename canShare canStartApproval canTrash canTrashChildren canUntrash
        File.contentHints indexableText thumbnail=File.contentHints.thumbnail
        File.contentHints.thumbnail image mimeType
        File.imageMediaMetadata aperture cameraMake cameraModel colorSpace exposureBias exposureMode exposureTime
          flashUsed focalLength height isoSpeed lens location=File.imageMediaMetadata.location maxApertureValue
          meteringMode rotation sensor subjectDistance time whiteBalance width
        File.imageMediaMetadata.location altitude latitude longitude
        File.labelInfo labels=Label
        File.linkShareMetadata securityUpdateEligible securityUpdateEnabled
        File.shortcutDetails targetId targetMimeType targetResourceKey
        File.videoMediaMetadata durationMillis height width
        FileList files=File incompleteSearch kind nextPageToken
        Label fields=<LabelField> id kind revisionId
        LabelField dateString id integer kind selection text user=User valueType
        Permission allowFileDiscovery deleted displayName domain emailAddress expirationTime id
          inheritedPermissionsDisabled kind pendingOwner permissionDetails=Permission.permissionDetails photoLink role
          teamDrivePermissionDetails=Permission.teamDrivePermissionDetails type view
        Permission.permissionDetails inherited inheritedFrom permissionType role
        Permission.teamDrivePermissionDetails inherited inheritedFrom role teamDrivePermissionType
        PermissionList kind nextPageToken permissions=Permission
        StartPageToken kind startPageToken
        TeamDrive backgroundImageFile=TeamDrive.backgroundImageFile backgroundImageLink
          capabilities=TeamDrive.capabilities colorRgb createdTime id kind name orgUnitId
          restrictions=TeamDrive.restrictions themeId
        TeamDrive.backgroundImageFile id width xCoordinate yCoordinate
        TeamDrive.capabilities canAddChildren canChangeCopyRequiresWriterPermissionRestriction
          canChangeDomainUsersOnlyRestriction canChangeDownloadRestriction
          canChangeSharingFoldersRequiresOrganizerPermissionRestriction canChangeTeamDriveBackground
          canChangeTeamMembersOnlyRestriction canComment canCopy canDeleteChildren canDeleteTeamDrive canDownload
          canEdit canListChildren canManageMembers canReadRevisions canRemoveChildren canRename canRenameTeamDrive
          canResetTeamDriveRestrictions canShare canTrashChildren
        TeamDrive.restrictions adminManagedRestrictions copyRequiresWriterPermission domainUsersOnly
          downloadRestriction=DownloadRestriction sharingFoldersRequiresOrganizerPermission teamMembersOnly
        User displayName emailAddress kind me permissionId photoLink
        """
}
