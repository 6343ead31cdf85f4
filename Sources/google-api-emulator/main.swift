print("google-api-emulator: not yet implemented")
