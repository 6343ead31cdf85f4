print("google-api-benchmark: not yet implemented")
