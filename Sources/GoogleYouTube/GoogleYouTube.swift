// The YouTube Data v3 API. Everything else in this module is generated at build time by
// GoogleAPICodegenPlugin from Specs/youtube.v3.json (see google-api-codegen.json).

// `import GoogleYouTube` is all a caller needs: the runtime (sessions, media, errors) comes along.
@_exported public import GoogleAPIRuntime
