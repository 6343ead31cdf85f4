// Everything else in this module is generated at build time from notes.v1.json.
@_exported public import GoogleAPIRuntime
