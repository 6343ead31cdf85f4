#include "CurlRawLoop.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// MARK: - Helpers

typedef struct {
    char *data;
    size_t length;
    size_t capacity;
} raw_buffer;

static size_t raw_write(char *ptr, size_t size, size_t count, void *userdata) {
    raw_buffer *buffer = userdata;
    size_t bytes = size * count;
    if (buffer->length + bytes > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->length + bytes) capacity *= 2;
        char *grown = realloc(buffer->data, capacity);
        if (!grown) return 0;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, ptr, bytes);
    buffer->length += bytes;
    return bytes;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static pthread_once_t raw_init_once = PTHREAD_ONCE_INIT;

static void raw_global_init(void) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
}

// MARK: - Single handle loop

curl_raw_loop_result curl_raw_loop_get(const char *url, double seconds, int64_t max_requests) {
    return curl_raw_loop_get_options(url, seconds, max_requests, NULL);
}

curl_raw_loop_result curl_raw_loop_get_options(
    const char *url, double seconds, int64_t max_requests, const curl_raw_loop_options *options) {
    pthread_once(&raw_init_once, raw_global_init);
    curl_raw_loop_result result = {0, 0, 0, 0, 0, 0};
    CURL *easy = curl_easy_init();
    if (!easy) {
        result.error = CURLE_FAILED_INIT;
        return result;
    }
    raw_buffer buffer = {NULL, 0, 0};
    curl_easy_setopt(easy, CURLOPT_URL, url);
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, raw_write);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, &buffer);
    if (options) {
        if (options->ca_file) curl_easy_setopt(easy, CURLOPT_CAINFO, options->ca_file);
        if (options->accept_encoding) curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, options->accept_encoding);
        if (options->http2) curl_easy_setopt(easy, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_2TLS);
    }

    double start = now_seconds();
    double elapsed = 0;
    while ((max_requests <= 0 || result.requests < max_requests) && elapsed < seconds) {
        buffer.length = 0;
        double request_start = now_seconds();
        CURLcode code = curl_easy_perform(easy);
        double request_seconds = now_seconds() - request_start;
        if (request_seconds > result.slowest_seconds) result.slowest_seconds = request_seconds;
        long status = 0;
        curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
        if (code != CURLE_OK || status != 200) {
            result.error = code != CURLE_OK ? (int)code : -1;
            break;
        }
        curl_off_t wire = 0;
        curl_easy_getinfo(easy, CURLINFO_SIZE_DOWNLOAD_T, &wire);
        result.requests += 1;
        result.bytes += (int64_t)buffer.length;
        result.wire_bytes += (int64_t)wire;
        elapsed = now_seconds() - start;
    }
    result.seconds = now_seconds() - start;
    curl_easy_cleanup(easy);
    free(buffer.data);
    return result;
}

// MARK: - Threads

typedef struct {
    const char *url;
    double seconds;
    const curl_raw_loop_options *options;
    curl_raw_loop_result result;
} raw_thread_job;

static void *raw_thread_main(void *argument) {
    raw_thread_job *job = argument;
    job->result = curl_raw_loop_get_options(job->url, job->seconds, 0, job->options);
    return NULL;
}

curl_raw_loop_result curl_raw_loop_get_threads(const char *url, double seconds, int threads) {
    return curl_raw_loop_get_threads_options(url, seconds, threads, NULL);
}

curl_raw_loop_result curl_raw_loop_get_threads_options(
    const char *url, double seconds, int threads, const curl_raw_loop_options *options) {
    pthread_once(&raw_init_once, raw_global_init);
    curl_raw_loop_result total = {0, 0, 0, 0, 0, 0};
    if (threads < 1) threads = 1;
    raw_thread_job *jobs = calloc((size_t)threads, sizeof(raw_thread_job));
    pthread_t *ids = calloc((size_t)threads, sizeof(pthread_t));
    if (!jobs || !ids) {
        free(jobs);
        free(ids);
        total.error = CURLE_OUT_OF_MEMORY;
        return total;
    }
    int started = 0;
    for (int index = 0; index < threads; index++) {
        jobs[index].url = url;
        jobs[index].seconds = seconds;
        jobs[index].options = options;
        if (pthread_create(&ids[index], NULL, raw_thread_main, &jobs[index]) == 0) started++;
        else break;
    }
    for (int index = 0; index < started; index++) {
        pthread_join(ids[index], NULL);
        total.requests += jobs[index].result.requests;
        total.bytes += jobs[index].result.bytes;
        total.wire_bytes += jobs[index].result.wire_bytes;
        if (jobs[index].result.slowest_seconds > total.slowest_seconds) total.slowest_seconds = jobs[index].result.slowest_seconds;
        if (jobs[index].result.seconds > total.seconds) total.seconds = jobs[index].result.seconds;
        if (!total.error) total.error = jobs[index].result.error;
    }
    free(jobs);
    free(ids);
    return total;
}
