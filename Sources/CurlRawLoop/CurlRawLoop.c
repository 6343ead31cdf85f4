int curl_raw_loop_placeholder(void) { return 0; }
