#ifndef GOOGLE_SWIFT_CCURL_SHIM_H
#define GOOGLE_SWIFT_CCURL_SHIM_H

// Swift cannot call C variadic functions, so every variadic libcurl entry point the
// transport needs gets a typed, non-variadic wrapper here.

#include <curl/curl.h>
#include <stddef.h>
#include <sys/types.h>

typedef size_t (*ccurl_data_callback)(char *buffer, size_t size, size_t count, void *userdata);
typedef int (*ccurl_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow,
                                       curl_off_t ultotal, curl_off_t ulnow);
typedef int (*ccurl_socket_callback)(CURL *easy, curl_socket_t socket, int what, void *userp,
                                     void *socketp);
typedef int (*ccurl_timer_callback)(CURLM *multi, long timeout_ms, void *userp);
typedef int (*ccurl_seek_callback)(void *userdata, curl_off_t offset, int origin);
typedef int (*ccurl_sockopt_callback)(void *clientp, curl_socket_t curlfd, curlsocktype purpose);
typedef int (*ccurl_closesocket_callback)(void *clientp, curl_socket_t item);

// MARK: - curl_easy_setopt

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_data_callback(CURL *handle, CURLoption option, ccurl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_xferinfo_callback(CURL *handle, ccurl_xferinfo_callback value) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLcode ccurl_easy_setopt_seek_callback(CURL *handle, ccurl_seek_callback value) {
    return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, value);
}

static inline CURLcode ccurl_easy_setopt_sockopt_callback(CURL *handle, ccurl_sockopt_callback value) {
    return curl_easy_setopt(handle, CURLOPT_SOCKOPTFUNCTION, value);
}

static inline CURLcode ccurl_easy_setopt_closesocket_callback(CURL *handle, ccurl_closesocket_callback value,
                                                             void *clientp) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_CLOSESOCKETFUNCTION, value);
    return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_CLOSESOCKETDATA, clientp);
}

// MARK: - Sockets

#include <fcntl.h>
#include <sys/socket.h>

/// CURLOPT_OPENSOCKETFUNCTION: opens the socket curl asks for with close-on-exec set, so a child
/// process started while a connection is open (a browser opener, a helper tool) does not inherit
/// it. On Linux the flag is set atomically with the socket; elsewhere right after, which leaves a
/// window against a concurrent fork that Linux does not have.
static inline curl_socket_t ccurl_open_socket_cloexec(void *clientp, curlsocktype purpose,
                                                      struct curl_sockaddr *address) {
    (void)clientp;
    (void)purpose;
#ifdef __linux__
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
#else
    curl_socket_t descriptor = socket(address->family, address->socktype, address->protocol);
    if (descriptor != CURL_SOCKET_BAD) {
        fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC);
    }
    return descriptor;
#endif
}

/// Makes every socket the handle opens close-on-exec (see ccurl_open_socket_cloexec).
static inline CURLcode ccurl_easy_open_sockets_cloexec(CURL *handle) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, ccurl_open_socket_cloexec);
}

// MARK: - curl_easy_getinfo

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

// MARK: - curl_multi_setopt

static inline CURLMcode ccurl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

static inline CURLMcode ccurl_multi_setopt_pointer(CURLM *handle, CURLMoption option, void *value) {
    return curl_multi_setopt(handle, option, value);
}

static inline CURLMcode ccurl_multi_setopt_socket_callback(CURLM *handle, ccurl_socket_callback value) {
    return curl_multi_setopt(handle, CURLMOPT_SOCKETFUNCTION, value);
}

static inline CURLMcode ccurl_multi_setopt_timer_callback(CURLM *handle, ccurl_timer_callback value) {
    return curl_multi_setopt(handle, CURLMOPT_TIMERFUNCTION, value);
}

// MARK: - Threads

#ifdef __linux__
#include <sys/prctl.h>
#endif

#ifdef __linux__
#include <sys/eventfd.h>
#endif

/// A non-blocking eventfd for waking the transport's poll (cheaper than curl_multi_wakeup's
/// socket pair, and owned by us, so it can be written without holding the multi handle).
/// Returns -1 where eventfd is unavailable.
static inline int ccurl_wake_fd(void) {
#ifdef __linux__
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
#else
    return -1;
#endif
}

/// Names the calling thread (shown by ps, top, gdb). No-op where unsupported.
static inline void ccurl_name_current_thread(const char *name) {
#ifdef __linux__
    prctl(PR_SET_NAME, name, 0, 0, 0);
#else
    (void)name;
#endif
}

// MARK: - Socket-API event loop (Linux)

#ifdef __linux__
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <errno.h>
#include <time.h>
#endif

/// Whether the epoll/timerfd helpers below work here (Linux); elsewhere they fail with -1 and the
/// transport drives curl with curl_multi_poll instead.
static inline int ccurl_has_epoll(void) {
#ifdef __linux__
    return 1;
#else
    return 0;
#endif
}

/// A close-on-exec epoll instance, or -1.
static inline int ccurl_epoll_create(void) {
#ifdef __linux__
    return epoll_create1(EPOLL_CLOEXEC);
#else
    return -1;
#endif
}

/// Watches `fd` for `what`, curl's CURL_POLL_IN/OUT/INOUT bits (0 keeps it registered with no
/// interest); `registered` says whether it is already in the set (modify rather than add).
/// Kept in C because `struct epoll_event` is packed on x86_64.
static inline int ccurl_epoll_watch(int epfd, int fd, int what, int registered) {
#ifdef __linux__
    struct epoll_event event;
    event.events = ((what & CURL_POLL_IN) ? EPOLLIN : 0) | ((what & CURL_POLL_OUT) ? EPOLLOUT : 0);
    event.data.u64 = 0;
    event.data.fd = fd;
    int result = epoll_ctl(epfd, registered ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event);
    if (result != 0 && registered && errno == ENOENT) {
        result = epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
    } else if (result != 0 && !registered && errno == EEXIST) {
        result = epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &event);
    }
    return result;
#else
    (void)epfd; (void)fd; (void)what; (void)registered;
    return -1;
#endif
}

static inline int ccurl_epoll_unwatch(int epfd, int fd) {
#ifdef __linux__
    return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
#else
    (void)epfd; (void)fd;
    return -1;
#endif
}

/// Waits like epoll_wait and reports each ready descriptor with curl's CURL_CSELECT_* bits.
/// Returns the number of entries filled, 0 on timeout or EINTR, -1 on other errors.
static inline int ccurl_epoll_wait(int epfd, int *fds, int *selects, int capacity, int timeout_ms) {
#ifdef __linux__
    struct epoll_event events[64];
    if (capacity > 64) capacity = 64;
    int count = epoll_wait(epfd, events, capacity, timeout_ms);
    if (count < 0) return errno == EINTR ? 0 : -1;
    for (int index = 0; index < count; index++) {
        uint32_t ready = events[index].events;
        fds[index] = events[index].data.fd;
        selects[index] = ((ready & (EPOLLIN | EPOLLHUP | EPOLLRDHUP)) ? CURL_CSELECT_IN : 0)
            | ((ready & EPOLLOUT) ? CURL_CSELECT_OUT : 0) | ((ready & EPOLLERR) ? CURL_CSELECT_ERR : 0);
    }
    return count;
#else
    (void)epfd; (void)fds; (void)selects; (void)capacity; (void)timeout_ms;
    return -1;
#endif
}

/// A non-blocking, close-on-exec CLOCK_MONOTONIC timerfd for curl's timer, or -1.
static inline int ccurl_timer_fd(void) {
#ifdef __linux__
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
#else
    return -1;
#endif
}

/// Arms the timer to fire once after `milliseconds` (at least 1), or disarms it when negative.
static inline int ccurl_timer_set(int fd, long milliseconds) {
#ifdef __linux__
    struct itimerspec spec = {{0, 0}, {0, 0}};
    if (milliseconds >= 0) {
        if (milliseconds == 0) milliseconds = 1;
        spec.it_value.tv_sec = milliseconds / 1000;
        spec.it_value.tv_nsec = (milliseconds % 1000) * 1000000L;
    }
    return timerfd_settime(fd, 0, &spec, NULL);
#else
    (void)fd; (void)milliseconds;
    return -1;
#endif
}

/// Runs every transfer once, like curl_multi_perform, in socket-API terms (sockets reported
/// through the socket callback). Deprecated by curl only in favour of per-socket calls, which
/// cannot reach input libcurl 7.88 has already read but not processed (see CurlMultiLoop).
static inline CURLMcode ccurl_multi_socket_all(CURLM *multi, int *running) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
    return curl_multi_socket_all(multi, running);
#pragma clang diagnostic pop
}

// MARK: - Constants Swift cannot import (macros built from expressions)

static const size_t ccurl_writefunc_pause = CURL_WRITEFUNC_PAUSE;
static const size_t ccurl_readfunc_pause = CURL_READFUNC_PAUSE;
static const size_t ccurl_readfunc_abort = CURL_READFUNC_ABORT;
static const int ccurl_pause_recv = CURLPAUSE_RECV;
static const int ccurl_pause_send = CURLPAUSE_SEND;
static const int ccurl_seekfunc_ok = CURL_SEEKFUNC_OK;
static const int ccurl_seekfunc_cantseek = CURL_SEEKFUNC_CANTSEEK;
static const long ccurl_pipe_multiplex = CURLPIPE_MULTIPLEX;
static const long ccurl_global_default = CURL_GLOBAL_DEFAULT;
static const int ccurl_error_size = CURL_ERROR_SIZE;
static const curl_socket_t ccurl_socket_timeout = CURL_SOCKET_TIMEOUT;
static const int ccurl_poll_remove = CURL_POLL_REMOVE;

#endif
