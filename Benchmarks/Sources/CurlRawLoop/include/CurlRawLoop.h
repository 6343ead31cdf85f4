#ifndef CURL_RAW_LOOP_H
#define CURL_RAW_LOOP_H

// The benchmark's baseline: plain libcurl from C, with no Swift, no threads hopping and no async.
// What CurlTransport is measured against.

#include <stdint.h>

/// The outcome of a timed loop of GET requests.
typedef struct {
    /// Wall-clock seconds the requests took.
    double seconds;
    /// Requests completed with HTTP 200.
    int64_t requests;
    /// Response body bytes received (decoded, when gzip was asked for).
    int64_t bytes;
    /// Response body bytes as they came off the connection (compressed, when gzip was used).
    int64_t wire_bytes;
    /// The slowest single request, in seconds (a stall shows up here).
    double slowest_seconds;
    /// 0, or the first CURLcode (or -1 for a non-200 status) that stopped the loop.
    int error;
} curl_raw_loop_result;

/// Settings shared by the loop's requests; zeroed fields keep libcurl's defaults.
typedef struct {
    /// A PEM CA bundle to trust instead of the system's, or NULL.
    const char *ca_file;
    /// CURLOPT_ACCEPT_ENCODING (e.g. "gzip"), or NULL to ask for no encoding.
    const char *accept_encoding;
    /// Non-zero: HTTP/2 over TLS (ALPN), as CurlTransport asks by default.
    int http2;
} curl_raw_loop_options;

/// `curl_raw_loop_get` with `options` (NULL for the defaults).
curl_raw_loop_result curl_raw_loop_get_options(
    const char *url, double seconds, int64_t max_requests, const curl_raw_loop_options *options);

/// `curl_raw_loop_get_threads` with `options` (NULL for the defaults).
curl_raw_loop_result curl_raw_loop_get_threads_options(
    const char *url, double seconds, int threads, const curl_raw_loop_options *options);

/// GETs `url` on one easy handle (so the connection is kept alive), appending each body to a
/// reused buffer, until `seconds` have passed or `max_requests` (when > 0) are done.
curl_raw_loop_result curl_raw_loop_get(const char *url, double seconds, int64_t max_requests);

/// Runs `threads` copies of `curl_raw_loop_get` at once, each with its own handle and connection,
/// and sums their results (`seconds` is the longest thread's).
curl_raw_loop_result curl_raw_loop_get_threads(const char *url, double seconds, int threads);

#endif
