#ifndef CURL_RAW_LOOP_H
#define CURL_RAW_LOOP_H
/// Placeholder; the benchmark's raw libcurl baseline lives here.
int curl_raw_loop_placeholder(void);
#endif
