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
    /// Response body bytes received.
    int64_t bytes;
    /// 0, or the first CURLcode (or -1 for a non-200 status) that stopped the loop.
    int error;
} curl_raw_loop_result;

/// GETs `url` on one easy handle (so the connection is kept alive), appending each body to a
/// reused buffer, until `seconds` have passed or `max_requests` (when > 0) are done.
curl_raw_loop_result curl_raw_loop_get(const char *url, double seconds, int64_t max_requests);

/// Runs `threads` copies of `curl_raw_loop_get` at once, each with its own handle and connection,
/// and sums their results (`seconds` is the longest thread's).
curl_raw_loop_result curl_raw_loop_get_threads(const char *url, double seconds, int threads);

#endif
