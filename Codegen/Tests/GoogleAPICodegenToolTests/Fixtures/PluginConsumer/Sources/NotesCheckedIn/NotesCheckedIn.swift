// The generated sources are written into Generated/ by
// `swift package --allow-writing-to-package-directory generate-google-api-sources`.
@_exported public import GoogleAPIRuntime
