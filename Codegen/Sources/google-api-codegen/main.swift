print("google-api-codegen: not yet implemented")
